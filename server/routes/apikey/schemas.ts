import { API_KEY_SCOPES, WEBHOOK_EVENTS } from '../../../src/domain/api-keys';
import { API_KEY_RATE_MAX, NAME_MAX } from '../../../src/domain/limits';
import { Body, DateTime, Id, Int, List, OneOf, Required, Text, Type } from '../../lib/schema/primitives';
import { Nullable, Row, Stamp } from '../../lib/schema/response';

/** Request and answer shapes of the API key and webhook event routes (docs/api/public-api.md). */
export const Scope = OneOf(API_KEY_SCOPES, {
  description: 'read: GET calls only; write: also commands and webhooks',
});
export const Rate = Int(1, API_KEY_RATE_MAX, {
  description: 'Requests per minute; absent: the platform default',
});
export const Events = List(OneOf(WEBHOOK_EVENTS), WEBHOOK_EVENTS.length, { minItems: 1 });

export const AddKeyBody = Body({
  name: Required(NAME_MAX),
  scope: Type.Optional(Scope),
  expiresAt: Type.Optional(DateTime({ description: 'When the key stops working; absent: never' })),
  ratePerMinute: Type.Optional(Rate),
});

export const UpdateKeyBody = Body({
  id: Id(),
  name: Type.Optional(Text(NAME_MAX)),
  ratePerMinute: Type.Optional(Nullable(Rate)),
});

export const KeyIdBody = Body({ id: Id() });
export const EventsBody = Body({ id: Id(), events: Events });

export const KeyRow = Row(
  {
    id: Type.Integer(),
    name: Type.String(),
    prefix: Type.String({ description: 'The start of the key, to tell keys apart' }),
    scope: Scope,
    ratePerMinute: Nullable(Type.Integer()),
    status: OneOf(['active', 'expired', 'revoked'] as const),
    lastUsedAt: Stamp(),
    expiresAt: Stamp(),
    revokedAt: Stamp(),
    refreshedAt: Stamp(),
    createdAt: Type.String({ format: 'date-time' }),
  },
  {
    examples: [
      {
        id: 3,
        name: 'ERP sync',
        prefix: 'fgk_Q2x9vT0a',
        scope: 'read',
        ratePerMinute: null,
        status: 'active',
        lastUsedAt: '2026-11-26T02:10:00.000Z',
        expiresAt: null,
        revokedAt: null,
        refreshedAt: null,
        createdAt: '2026-11-20T08:00:00.000Z',
      },
    ],
  },
);

export const KeyWithSecret = Type.Intersect([
  KeyRow,
  Type.Object({ secret: Type.String({ description: 'The whole key: shown this once, store it now' }) }),
]);

export const WebhookRow = Row(
  {
    id: Type.Integer(),
    url: Type.String(),
    enabled: Type.Boolean(),
    events: Type.Array(OneOf(WEBHOOK_EVENTS)),
    createdAt: Type.String({ format: 'date-time' }),
  },
  {
    examples: [
      {
        id: 1,
        url: 'https://erp.example.com/fleetgate',
        enabled: true,
        events: ['alarm', 'position'],
        createdAt: '2026-11-20T08:00:00.000Z',
      },
    ],
  },
);
