/**
 * What the command routes answer (issue 16). Shapes follow server/services/command/* (send,
 * history, presets, device-types, to-hex) and server/services/command/batch/*.
 */
import { LOCATION_ACK_MODES } from '../../../src/domain/location-ack';
import { Nullable, Page, Row, Stamp, Type } from '../../lib/schema/response';

const Str = () => Type.String();
const Int = () => Type.Integer();
const Time = () => Type.String({ format: 'date-time' });
const Key = (description = 'Message key of src/domain/messages.ts') => Type.String({ description });
/** Parameter values of a command of the set (free-form: names depend on the command). */
const Params = (description = 'Parameter values by name') =>
  Nullable(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]), { description }));

/** sendCommand: sent and answered (or timed out), or queued as an offline command. */
export const SendResult = Row({
  content: Type.String({ description: 'The text sent (a set command rendered)' }),
  commandKey: Nullable(Str()),
  queued: Type.Boolean({ description: 'True: the device was not connected; kept as an offline command' }),
  offlineCommandId: Type.Optional(Int()),
  commandId: Type.Optional(Int()),
  backContent: Type.Optional(Nullable(Type.String({ description: 'The device’s reply' }))),
  result: Type.Optional(
    Nullable(Type.Integer({ description: 'COMMAND_RESULT: 1 success, 2 timeout, 3 error' })),
  ),
  askOffline: Type.Optional(
    Type.Boolean({ description: 'Timed out and the protocol keeps no offline commands: ask the user' }),
  ),
  key: Type.Optional(Key()),
});

export const Queued = Row({ offlineCommandId: Int(), key: Key() });

/** findAndOffline: a device's offline commands with every status change. */
export const OfflinePage = Page(
  Row({
    id: Int(),
    seq: Int(),
    deviceId: Int(),
    terminalId: Str(),
    userId: Nullable(Int()),
    username: Nullable(Str()),
    content: Str(),
    protocol: Int(),
    status: Type.String({ description: 'queued, sent, delivered, expired or cancelled' }),
    attempts: Int(),
    lastAttemptAt: Stamp(),
    reply: Nullable(Str()),
    createdAt: Time(),
    expiresAt: Stamp(),
    deliveredAt: Stamp(),
    changes: Type.Array(
      Row({ status: Str(), at: Time(), username: Nullable(Str()), detail: Nullable(Str()) }),
      { description: 'Oldest first; username null: the gateway' },
    ),
  }),
);

/** getCommand: the command log of a device. */
export const CommandLogPage = Page(
  Row({
    id: Int(),
    terminalID: Str(),
    content: Str(),
    backContent: Nullable(Str()),
    result: Nullable(Int()),
    status: Type.String({ description: 'pending, sent, replied, timeout or failed' }),
    deviceProtocol: Int(),
    createdAt: Time(),
    repliedAt: Stamp(),
    offlineCommandId: Nullable(Int()),
    username: Nullable(Str()),
  }),
);

/** A saved command (getOrderCommand). */
export const Preset = Row({
  id: Int(),
  name: Str(),
  commandKey: Nullable(Str()),
  params: Params(),
  content: Nullable(Str()),
  createdAt: Time(),
});

/** A device type's command set as stored (src/domain/command-set.ts DeviceTypeCommandConfig). */
export const CommandConfigOut = Row({
  framing: Type.Optional(Str()),
  commands: Type.Array(
    Row({
      key: Str(),
      labelKey: Str(),
      content: Str(),
      params: Type.Optional(Type.Array(Row({ name: Str(), labelKey: Str(), type: Str() }))),
      confirm: Type.Optional(Type.Boolean()),
      offline: Type.Optional(Type.Boolean()),
      raw: Type.Optional(Type.Boolean()),
      reply: Type.Optional(
        Row({ success: Type.Optional(Str()), error: Type.Optional(Str()), any: Type.Optional(Type.Boolean()) }),
      ),
    }),
  ),
});

export const DeviceType = Row({
  id: Int(),
  name: Str(),
  protocol: Int(),
  importProtocol: Int(),
  description: Str(),
  iconType: Int(),
  commandCount: Int(),
  commandConfig: CommandConfigOut,
  locationAck: Type.Union(
    LOCATION_ACK_MODES.map((m) => Type.Literal(m)),
    { description: 'Acks of frames with positions, sent once stored: protocol (its default), on or off' },
  ),
  updatedAt: Time(),
});

export const DeviceTypePage = Page(Row({ ...DeviceType.properties, deviceCount: Int() }));

export const ConfigMap = Type.Record(Type.String(), CommandConfigOut, {
  description: 'Command set by device type name',
});

export const Hex = Row({
  textHex: Type.String({ description: 'The command text’s bytes' }),
  frameHex: Type.String({ description: 'The whole frame the gateway would send' }),
});

/** multipleCmd: the batch started. */
export const BatchStarted = Row({
  id: Int(),
  batchId: Str(),
  total: Type.Integer({ description: 'Devices' }),
});

export const BatchCancelled = Row({
  id: Int(),
  batchId: Str(),
  status: Str(),
  cancelled: Type.Integer({ description: 'Items cancelled before they were sent' }),
});

/** findBatches: batches with item counts per state. */
export const BatchPage = Page(
  Row({
    id: Int(),
    batchId: Type.String({ description: 'The client’s key (websocket progress id)' }),
    label: Str(),
    commandKey: Nullable(Str()),
    params: Params(),
    content: Nullable(Str()),
    total: Int(),
    status: Str(),
    username: Nullable(Str()),
    createdAt: Time(),
    finishedAt: Stamp(),
    counts: Type.Record(Type.String(), Int(), { description: 'Items per state' }),
  }),
);

/** multipleCmdSearch: the items of batches. */
export const BatchItemPage = Page(
  Row({
    id: Int(),
    batchNo: Int(),
    batchId: Str(),
    label: Str(),
    terminalID: Str(),
    status: Str(),
    reason: Nullable(Key('Why the item failed (message key)')),
    message: Nullable(Str()),
    reasonParams: Nullable(Type.Object({}, { description: 'Values the reason text names' })),
    content: Nullable(Str()),
    reply: Nullable(Str()),
    result: Nullable(Int()),
    commandId: Nullable(Int()),
    offlineCommandId: Nullable(Int()),
    username: Nullable(Str()),
    updatedAt: Time(),
  }),
);

/** ChBatchOfflineRecordImport: a result per line. */
export const OfflineImport = Row({
  imported: Int(),
  total: Int(),
  results: Type.Array(
    Row({
      line: Int(),
      imei: Str(),
      ok: Type.Boolean(),
      key: Type.Optional(Key()),
      offlineCommandId: Type.Optional(Int()),
    }),
  ),
});
