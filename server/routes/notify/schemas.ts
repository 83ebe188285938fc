import { PageQuery } from '../../lib/envelope';
import { Body, Id, OneOf, Token, Type } from '../../lib/schema/primitives';
import { CHANNELS, STATUSES } from '../../notify/plan';

/** Request schemas of the alarm notification routes (docs/api/notify.md). */

/** The column's width (webhook_endpoints.url, notifications.target). */
export const WEBHOOK_URL_MAX = 512;
/** The column's width (webhook_endpoints.secret); short secrets are too easy to guess. */
export const WEBHOOK_SECRET_MIN = 16;
export const WEBHOOK_SECRET_MAX = 128;

/** http(s) only, printable ASCII (a host with non-ASCII letters is sent in its punycode form). */
const Url = () =>
  Token(WEBHOOK_URL_MAX, { minLength: 10, pattern: '^[Hh][Tt][Tt][Pp][Ss]?://[\\x21-\\x7E]+$' });
const Secret = () => Token(WEBHOOK_SECRET_MAX, { minLength: WEBHOOK_SECRET_MIN });

export const AddWebhookBody = Body({
  url: Url(),
  /** Absent or empty: the server makes one (64 hex characters) and answers it once. */
  secret: Type.Optional(Type.Union([Secret(), Type.Literal('')])),
  enabled: Type.Optional(Type.Boolean()),
});

export const UpdateWebhookBody = Body({
  id: Id(),
  url: Type.Optional(Url()),
  secret: Type.Optional(Type.Union([Secret(), Type.Literal('')])),
  enabled: Type.Optional(Type.Boolean()),
});

export const WebhookIdBody = Body({ id: Id() });

export const NoticeListBody = Body({
  ...PageQuery,
  userId: Type.Optional(Id()),
  channel: Type.Optional(OneOf(CHANNELS)),
  status: Type.Optional(OneOf(STATUSES)),
});
