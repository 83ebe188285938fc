import { COMMAND_ITEM_STATUSES } from '../../../../src/domain/command-batch';
import { Nullable, Page, Row, Stamp, Type } from '../../../lib/schema/response';
import { Int, Str, Time } from '../responses';

/**
 * Answer shapes of the factory settings and cmdSend (server/services/factory). The batch
 * answers are the command console's (server/routes/command/responses.ts), the device batch
 * operations the device routes' BatchResult: the same services answer them.
 */

/** cmdSend: what became of the one command (run-item.ts ItemOutcome) and the terminal. */
export const CommandOutcome = Row({
  status: Type.Union(COMMAND_ITEM_STATUSES.map((s) => Type.Literal(s))),
  reason: Nullable(Type.String({ description: 'Message key of a failure (src/domain/messages.ts)' })),
  content: Nullable(Type.String({ description: 'The text sent' })),
  reply: Nullable(Type.String({ description: "The terminal's reply" })),
  result: Nullable(Int()),
  commandId: Nullable(Int()),
  offlineCommandId: Nullable(Int()),
  terminalID: Str(),
  imported: Type.Boolean({ description: 'The terminal is an imported device (else a stock terminal)' }),
});

/** An NB-IoT / CCS subscription as recorded (nb_subscriptions). */
export const Subscription = Row({
  id: Int(),
  kind: Type.Union([Type.Literal('nb'), Type.Literal('ccs')]),
  notifyType: Str(),
  callbackUrl: Str(),
  provider: Str(),
  providerRef: Nullable(Type.String({ description: "The platform's id of the subscription" })),
  status: Type.Union([Type.Literal('active'), Type.Literal('failed'), Type.Literal('cancelled')]),
  lastError: Nullable(Str()),
  createdBy: Nullable(Int()),
  createdAt: Time(),
  updatedAt: Time(),
});
export const SubscriptionPage = Page(Subscription);
export const Resynced = Row({
  kept: Type.Integer({ description: 'Subscriptions the platform still held' }),
  renewed: Type.Integer({ description: 'Subscribed again' }),
  failed: Type.Integer({ description: 'Refused by the platform (marked failed)' }),
});

/** idManager/generate: the batch of ids issued. */
export const IdsGenerated = Row({
  batchNo: Str(),
  count: Int(),
  first: Str(),
  last: Str(),
  codes: Type.Array(Str()),
});
/** idManager/bind: a report per pasted line. */
export const BindReport = Row({
  results: Type.Array(
    Row({
      line: Type.Integer({ minimum: 1 }),
      code: Str(),
      terminalID: Str(),
      ok: Type.Boolean(),
      key: Type.Optional(Type.String({ description: 'Message key of a refused line' })),
    }),
  ),
});
/** A GW005 device id (device_ids). */
export const DeviceIdPage = Page(
  Row({
    id: Int(),
    code: Str(),
    terminalId: Nullable(Type.String({ description: 'The IMEI it is bound to' })),
    deviceType: Str(),
    batchNo: Str(),
    boundAt: Stamp(),
    createdBy: Nullable(Int()),
    createdAt: Time(),
  }),
);
export const Unbound = Row({ unbound: Int() });

const settings = {
  host: Str(),
  port: Int(),
  apn: Str(),
  apnUser: Str(),
  apnPassword: Str(),
  uploadInterval: Type.Integer({ description: 'Seconds between reports while moving' }),
  timezone: Type.Integer({ description: 'Hours from UTC' }),
  updatedAt: Time(),
};
/** configPlatform/list: a customer account and its configuration (null fields: none yet). */
export const PlatformConfigPage = Page(
  Row({
    userId: Int(),
    username: Str(),
    id: Nullable(Int()),
    ...Object.fromEntries(Object.entries(settings).map(([k, s]) => [k, Nullable(s)])),
  }),
);
/** configPlatform/save: the configuration as stored (platform_configs). */
export const PlatformConfig = Row({
  id: Int(),
  userId: Int(),
  ...settings,
  extra: Nullable(Type.Record(Type.String(), Type.Unknown(), { description: 'Free-form extra settings' })),
  updatedBy: Nullable(Int()),
});
/** configPlatform/apply: the batches started, one per command, run in this order. */
export const PlatformApplied = Row({
  total: Type.Integer({ description: 'Terminals' }),
  batches: Type.Array(
    Row({ id: Int(), batchId: Str(), commandKey: Nullable(Str()), total: Type.Integer({ description: 'Items' }) }),
  ),
});
