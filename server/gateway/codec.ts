/**
 * Shared contracts of the tracker codecs (GT06, JT/T 808, Teltonika).
 *
 * The codecs are pure: bytes in, messages and reply bytes out. Sockets, sessions in a database
 * and queues belong to the gateway server, which keeps one `CodecSession` per TCP connection.
 */

import type { GatewayAlarmType } from '../../src/domain/alarm-types';
import type { ReplyOutcome } from '../../src/domain/command-reply';
import type { TcpProtocol } from '../../src/domain/protocol-family';
import type { TireSensorReading } from '../../src/domain/tire';

/** The gateway families (server/gateway/families.ts lists each with its port and device code). */
export type ProtocolName = TcpProtocol;

export type MessageType =
  | 'login'
  | 'location'
  | 'heartbeat'
  | 'alarm'
  | 'status'
  | 'commandReply'
  | 'register'
  | 'auth'
  | 'unregister'
  | 'terminalReply'
  | 'timeRequest'
  | 'unknown';

/** Alarm names shared by both protocols; docs/protocols.md lists which byte or bit gives each. */
export type AlarmType = GatewayAlarmType;

export type PositionType = 'gps' | 'lbs' | 'wifi' | 'bds';

/** Protocols whose messages come without a TCP codec: OsmAnd over HTTP (server/gateway/osmand). */
export type HttpProtocolName = 'osmand';

interface MessageBase {
  protocol: ProtocolName | HttpProtocolName;
  /** GT06 protocol number or JT/T 808 message id, kept for logs and for replies. */
  messageId: number;
  /** The device's serial (information serial number) of this frame. */
  serial: number;
  /** False when the CRC (GT06) or XOR check (808) does not match; the frame is decoded anyway. */
  checksumOk: boolean;
  deviceId?: string;
}

/** Terminal state that GT06 status bytes and 808 status words and extras carry. */
export interface DeviceStatus {
  alarm?: AlarmType;
  /** Every alarm found, first one equal to `alarm`; 808 flag words can raise several at once. */
  alarms?: AlarmType[];
  /**
   * The frame's alarms are a state word repeated in every report while the condition lasts
   * (JT/T 808): the connection raises each only when it appears (runtime/alarm-state.ts).
   */
  alarmsAreState?: boolean;
  acc?: boolean;
  charging?: boolean;
  /** Battery level in percent. */
  battery?: number;
  /** GT06: 0-4 bars; 808 item 0x30: the raw signal value. */
  gsmSignal?: number;
  armed?: boolean;
  /** Oil/electric circuit cut (relay on). */
  fuelCut?: boolean;
  gpsTracking?: boolean;
  /** External power in volts. */
  externalVoltage?: number;
  /** 808 item 0x66: tire pressure monitoring. */
  tires?: TireReport;
  /** Fuel in litres (808 item 0x02 and vendor fuel items). */
  fuel?: number;
  /** A temperature sensor in degrees C (808 2019 item 0x06 and vendor items). */
  temperature?: number;
  iccid?: string;
  /** Driver card or tag id the device read. */
  driverId?: string;
  /** Cell towers the device heard (positionType 'lbs'), kept for a later geolocation service. */
  cells?: CellTower[];
  /** Wi-Fi access points the device saw (positionType 'wifi'). */
  wifi?: WifiAccessPoint[];
  /** Further protocol values stored as position attributes (808: analog, signal word, raw items). */
  attributes?: Record<string, unknown>;
}

export interface CellTower {
  mcc: number;
  mnc: number;
  lac: number;
  cid: number;
  rssi?: number;
}

export interface WifiAccessPoint {
  /** aa:bb:cc:dd:ee:ff */
  mac: string;
  rssi?: number;
}

/** One wheel's sensor values as the terminal sent them. */
export type TireSensorEvent = TireSensorReading;

/** A tire pressure (TPMS) report (808 item 0x66, server/gateway/jt808/tpms.ts). */
export interface TireReport {
  alarmId: number;
  /** 0 no flag, 1 alarm start, 2 alarm end. */
  flag: number;
  /** The terminal's time of the report; null when its BCD time is impossible. */
  time: Date | null;
  events: TireSensorEvent[];
}

export interface PositionFix {
  /** UTC. When the device sends an impossible date the receive time is used and `valid` is false. */
  time: Date;
  valid: boolean;
  latitude: number;
  longitude: number;
  /** km/h */
  speed: number;
  course: number;
  altitude?: number;
  satellites?: number;
  positionType?: PositionType;
  /** Odometer in km. */
  mileage?: number;
  /** The device re-uploads a stored (blind area) position. */
  archived?: boolean;
}

export interface LocationMessage extends MessageBase, PositionFix, DeviceStatus {
  /** 'alarm' when the frame raises an alarm, else 'location'. */
  type: 'location' | 'alarm';
}

export interface LoginMessage extends MessageBase {
  type: 'login';
  deviceId: string;
  /** GT06 extended login: the device's own time zone, in minutes east of UTC. */
  timezoneOffsetMinutes?: number;
}

export interface HeartbeatMessage extends MessageBase, DeviceStatus {
  type: 'heartbeat' | 'status';
  iccid?: string;
}

export interface ReplyMessage extends MessageBase {
  type: 'commandReply' | 'terminalReply';
  text: string;
  /** 808 general reply: the platform serial and message id being answered, and the result code. */
  replySerial?: number;
  replyId?: number;
  result?: number;
  /**
   * What the answer means where the family's protocol defines it (the H02 V4 confirmation, a
   * TK103 answer code, ...); the command channel prefers it to the spec's text rule. Absent: the
   * text rule decides (src/domain/command-reply.ts).
   */
  outcome?: ReplyOutcome;
}

export interface RegisterMessage extends MessageBase {
  type: 'register';
  manufacturer?: string;
  model?: string;
  terminalId?: string;
  plateColor?: number;
  plate?: string;
}

export interface AuthMessage extends MessageBase {
  type: 'auth';
  authCode: string;
  imei?: string;
}

/** JT/T 808 0x0108: the terminal's upgrade result (JT808_UPGRADE_RESULT). */
export interface UpgradeResultMessage extends MessageBase {
  type: 'upgradeResult';
  upgradeType: number;
  result: number;
}

export interface SimpleMessage extends MessageBase {
  type: 'unregister' | 'timeRequest' | 'unknown';
  note?: string;
}

export type DecodedMessage =
  | LocationMessage
  | LoginMessage
  | HeartbeatMessage
  | ReplyMessage
  | RegisterMessage
  | AuthMessage
  | UpgradeResultMessage
  | SimpleMessage;

export interface DecodeResult {
  messages: DecodedMessage[];
  /** Bytes to send back to the device, or null. */
  reply: Buffer | null;
  /**
   * Set when `reply` acks positions the frame carries: whether the protocol sends that ack by
   * default. The gateway sends it only if the device's model wants it (src/domain/location-ack.ts)
   * and only once the positions are stored.
   */
  locationAck?: boolean;
  /** Set when the frame could not be decoded; decoders return errors and never throw. */
  error?: string;
  /**
   * Bytes that refuse the device when the directory does not know it (Teltonika handshake
   * 0x00); `reply` is then not sent. Absent: an unknown device's connection is just closed.
   */
  reject?: Buffer;
}

/**
 * Per-connection state. Decoders read and update it: a GT06 login sets the device id and time
 * zone for the frames that follow; an 808 frame records the raw terminal number and version
 * that replies and commands must echo.
 */
export interface CodecSession {
  deviceId?: string;
  /** Minutes east of UTC of the device clock. Default: GT06 0 (UTC), 808 480 (GMT+8). */
  timezoneOffsetMinutes?: number;
  /** 808: terminal number bytes exactly as the device sent them. */
  terminal?: Buffer;
  /** 808: protocol version byte of 2019 terminals; undefined for 2011/2013 terminals. */
  protocolVersion?: number;
  /** 808: the platform's next message serial on this connection (absent: 0). */
  nextSerial?: number;
}

/** Cuts a TCP byte stream into whole frames. */
export interface FrameSplitter {
  /** Returns the complete frames found so far, in order; partial data is kept for the next call. */
  push(chunk: Buffer): Buffer[];
  /** Bytes held back waiting for the rest of a frame; never above `maxBuffer`. */
  readonly buffered: number;
  readonly maxBuffer: number;
  /** Bytes thrown away as garbage or on overflow, for connection diagnostics. */
  readonly droppedBytes: number;
  reset(): void;
}

export interface ProtocolCodec {
  readonly protocol: ProtocolName;
  createSplitter(options?: { maxBuffer?: number }): FrameSplitter;
  decodeFrame(frame: Buffer, session?: CodecSession, now?: Date): DecodeResult;
  /**
   * A text command to the device (the command channel sends it and matches the next
   * commandReply). Absent: the command channel encodes it itself (GT06, JT/T 808).
   */
  encodeTextCommand?(content: string, session: CodecSession): Buffer;
  /**
   * Whether a pasted frame (the decode CLI and the factory decoder page) looks like this
   * protocol's: its start bytes, cheap and without decoding.
   */
  detect(frame: Buffer): boolean;
}

export * from './decode-helpers';
export * from './splitter';
