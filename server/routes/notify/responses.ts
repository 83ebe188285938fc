import { CHANNELS, STATUSES } from '../../notify/plan';
import { OneOf } from '../../lib/schema/primitives';
import { Nullable, Row, Stamp, Type } from '../../lib/schema/response';

/** Answer schemas of the alarm notification routes (docs/api/notify.md). */

const endpointFields = {
  id: Type.Integer(),
  url: Type.String(),
  enabled: Type.Boolean(),
  createdAt: Type.String({ format: 'date-time' }),
};

/** A webhook endpoint as lists show it: never with its secret. */
export const EndpointRow = Row(endpointFields);

/** The endpoint just added, with its secret: the only answer that shows it. */
export const NewEndpoint = Row({
  ...endpointFields,
  secret: Type.String({ description: 'Signs the posts (HMAC); answered here only' }),
});

export const TestResult = Row({
  notificationId: Type.Integer({ description: 'The queued notice; the log shows how it went' }),
});

/** One notice of the log (server/notify/log.ts). */
export const NoticeRow = Row({
  id: Type.Integer(),
  createdAt: Type.String({ format: 'date-time' }),
  userId: Nullable(Type.Integer({ description: 'The account the notice was for' })),
  username: Nullable(Type.String()),
  channel: OneOf(CHANNELS),
  target: Type.String({ description: 'Phone number or webhook URL' }),
  status: OneOf(STATUSES),
  attempts: Type.Integer({ minimum: 0 }),
  nextAttemptAt: Type.String({ format: 'date-time' }),
  lastError: Nullable(Type.String()),
  provider: Nullable(Type.String({ description: 'The SMS or call provider that took it' })),
  sentAt: Stamp(),
  body: Type.String({ description: 'The text sent, or the JSON posted to a webhook' }),
  alarmId: Nullable(Type.Integer({ description: 'null for a webhook test' })),
  alarmType: Nullable(Type.String()),
  alarmTime: Stamp(),
  terminalID: Nullable(Type.String()),
});
