import { TRACK_POINTS_MAX, TRACK_POINTS_MIN } from '../../../src/domain/track';
import { WEBHOOK_EVENTS } from '../../../src/domain/api-keys';
import { INT32_MAX, NAME_MAX } from '../../../src/domain/limits';
import { PAGE_SIZE_MAX } from '../../../src/domain/constants';
import {
  Body,
  DateOnly,
  DateTime,
  Int,
  OneOf,
  TerminalId,
  Text,
  Token,
  Type,
} from '../../lib/schema/primitives';
import { STATE_NAMES } from '../../services/public-api/devices';
import { WEBHOOK_SECRET_MAX, WEBHOOK_SECRET_MIN, WEBHOOK_URL_MAX } from '../notify/schemas';

/** Requests of the public API (docs/api/public-api.md): bounded, camelCase, ISO 8601 times. */

export const Paging = {
  page: Type.Optional(Int(1, INT32_MAX, { description: 'Page number, from 1' })),
  pageSize: Type.Optional(
    Int(1, PAGE_SIZE_MAX, { description: 'Rows per page (15 unless asked, at most 100)' }),
  ),
};

export const TerminalParam = Body({
  terminalId: TerminalId({ maxLength: 20, examples: ['356789012345678'] }),
});

export const DevicesQuery = Body({
  ...Paging,
  state: Type.Optional(OneOf(STATE_NAMES, { description: 'Only devices in this state' })),
  keyword: Type.Optional(Text(NAME_MAX, { description: 'Start of an IMEI, a name or a plate' })),
});

export const LatestQuery = Body({
  terminalIds: Type.Optional(
    Token(4000, {
      description: 'Comma-separated terminal ids; absent: every device',
      examples: ['356789012345678,356789012345679'],
    }),
  ),
});

export const TrackQuery = Body({
  from: DateTime({ examples: ['2026-11-25T00:00:00Z'] }),
  to: DateTime({ examples: ['2026-11-26T00:00:00Z'] }),
  maxPoints: Type.Optional(
    Int(TRACK_POINTS_MIN, TRACK_POINTS_MAX, { description: 'Simplify to at most this many points' }),
  ),
});

export const AlarmsQuery = Body({
  ...Paging,
  from: Type.Optional(DateOnly({ description: 'First platform day (yyyy-MM-dd)' })),
  to: Type.Optional(DateOnly({ description: 'Last platform day (yyyy-MM-dd)' })),
  terminalId: Type.Optional(TerminalId({ maxLength: 20 })),
  type: Type.Optional(Token(32, { description: 'Alarm type (docs/api/alarms.md), e.g. overspeed' })),
});

export const MileageQuery = Body({
  ...Paging,
  from: DateOnly({ examples: ['2026-11-01'] }),
  to: DateOnly({ examples: ['2026-11-25'] }),
  terminalId: Type.Optional(TerminalId({ maxLength: 20 })),
  groupBy: Type.Optional(OneOf(['deviceDay', 'device', 'day'] as const)),
});

export const CommandBody = Body({
  terminalId: TerminalId({ maxLength: 20, examples: ['356789012345678'] }),
  content: Type.Optional(
    Text(200, { description: 'Command text as the device reads it', examples: ['WHERE#'] }),
  ),
  commandKey: Type.Optional(
    Type.String({
      pattern: '^[A-Za-z0-9_]{1,32}$',
      maxLength: 32,
      description: "A command of the device type's set",
    }),
  ),
  params: Type.Optional(
    Type.Record(
      Type.String({ pattern: '^[A-Za-z0-9_]{1,32}$', maxLength: 32 }),
      Type.Union([Text(200), Int(-INT32_MAX, INT32_MAX)]),
      {
        maxProperties: 16,
      },
    ),
  ),
});

export const CommandIdParam = Body({ id: Int(1, Number.MAX_SAFE_INTEGER) });
export const WebhookIdParam = Body({ id: Int(1, INT32_MAX) });

export const AddWebhook = Body({
  url: Token(WEBHOOK_URL_MAX, {
    minLength: 10,
    pattern: '^[Hh][Tt][Tt][Pp][Ss]?://[\\x21-\\x7E]+$',
    examples: ['https://erp.example.com/fleetgate'],
  }),
  secret: Type.Optional(
    Token(WEBHOOK_SECRET_MAX, {
      minLength: WEBHOOK_SECRET_MIN,
      description: 'Signing secret; absent: the server makes one',
    }),
  ),
  events: Type.Optional(
    Type.Array(OneOf(WEBHOOK_EVENTS), { maxItems: 2, minItems: 1, examples: [['alarm', 'position']] }),
  ),
});
