import { Nullable, Page, Row, Stamp, Type } from '../../../lib/schema/response';
import { TCP_PROTOCOLS } from '../../../../src/domain/protocol-family';

/** Answer shapes of the device log routes (server/services/logs). */

const Time = Type.String({ format: 'date-time' });

/** A stored frame (src/domain/device-log.ts LogFrame with its row id). */
export const Frame = Row({
  id: Type.Integer(),
  terminalId: Type.String(),
  direction: Type.Union([Type.Literal('in'), Type.Literal('out')]),
  protocol: Nullable(Type.Integer({ description: 'DEVICE_PROTOCOL code' })),
  raw: Type.String({ description: 'The frame as upper-case hex' }),
  decoded: Nullable(Type.Unknown({ description: "The codec's decoded fields (free-form JSON)" })),
  at: Time,
});
export const FramePage = Page(Frame);
export const Frames = Type.Array(Frame);

/** A terminal's recorded connection (device_connections). */
const ConnectionRecord = Row({
  terminalId: Type.String(),
  deviceId: Nullable(Type.Integer()),
  protocol: Nullable(Type.Integer()),
  node: Type.String(),
  remoteAddr: Type.String(),
  localAddr: Type.String(),
  localPort: Type.Integer(),
  online: Type.Boolean(),
  connectedAt: Stamp(),
  disconnectedAt: Stamp(),
});

/** What the gateway node holding the terminal says now; `connected: false` when none answers. */
const liveFields = {
  node: Type.String(),
  remoteAddr: Type.String(),
  localPort: Type.Integer(),
  onlineSince: Stamp(),
  lastFrameAt: Time,
};
const connected = { connected: Type.Literal(true), ...liveFields };
const notConnected = { connected: Type.Literal(false) };
const LiveState = Type.Union([Row(connected), Row(notConnected)]);

export const ConnectLog = Row({
  terminalID: Type.String(),
  record: Nullable(ConnectionRecord),
  live: LiveState,
});

export const CheckRedis = Type.Union([
  Row({ terminalID: Type.String(), ...connected }),
  Row({ terminalID: Type.String(), ...notConnected }),
]);

/** A command sent (commands) or queued (offline_commands). */
export const CommandTask = Row({
  key: Type.String({ description: '`sent-<id>` or `offline-<id>`' }),
  source: Type.Union([Type.Literal('sent'), Type.Literal('offline')]),
  terminalID: Type.String(),
  content: Type.String(),
  status: Type.String(),
  reply: Nullable(Type.String()),
  result: Nullable(Type.Integer()),
  protocol: Type.Integer(),
  createdAt: Time,
  doneAt: Stamp(),
  username: Nullable(Type.String()),
});

/** A tracker's connection with its device and last frame. */
export const DeviceState = Row({
  terminalID: Type.String(),
  nickname: Nullable(Type.String()),
  username: Nullable(Type.String()),
  deviceState: Nullable(Type.Integer()),
  online: Type.Boolean(),
  node: Type.String(),
  remoteAddr: Type.String(),
  localAddr: Type.String(),
  localPort: Type.Integer(),
  protocol: Nullable(Type.Integer()),
  connectedAt: Stamp(),
  disconnectedAt: Stamp(),
  lastFrameAt: Stamp(),
});

const decodeHead = {
  protocol: Type.Union(TCP_PROTOCOLS.map((p) => Type.Literal(p))),
  detected: Type.Boolean({ description: 'The protocol was detected from the frame start' }),
};
/** The decoder page's answer: the decoded messages and reply, or why the codec refused the frame. */
export const Decoded = Type.Union([
  Row({
    ...decodeHead,
    ok: Type.Literal(true),
    messages: Type.Array(Type.Record(Type.String(), Type.Unknown()), {
      description: 'Decoded messages, free-form fields (leading fields first)',
    }),
    reply: Nullable(Type.String({ description: 'The reply our gateway sends, hex' })),
  }),
  Row({ ...decodeHead, ok: Type.Literal(false), error: Type.String() }),
]);
