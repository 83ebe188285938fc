/**
 * Shared contracts of the tracker codecs (GT06 and JT/T 808).
 *
 * The codecs are pure: bytes in, messages and reply bytes out. Sockets, sessions in a database
 * and queues belong to the gateway server, which keeps one `CodecSession` per TCP connection.
 */

export type ProtocolName = 'gt06' | 'jt808';

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
export type AlarmType =
  | 'sos'
  | 'powerCut'
  | 'vibration'
  | 'geofenceEnter'
  | 'geofenceExit'
  | 'geofence'
  | 'overspeed'
  | 'lowBattery'
  | 'tampering'
  | 'movement'
  | 'removing'
  | 'powerOff'
  | 'fatigue'
  | 'gpsAntennaCut'
  | 'fault'
  | 'collision'
  | 'rollover'
  | 'accident'
  | 'acceleration'
  | 'braking'
  | 'cornering'
  | 'door'
  | 'fallDown'
  | 'jamming';

export type PositionType = 'gps' | 'lbs' | 'wifi' | 'bds';

interface MessageBase {
  protocol: ProtocolName;
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
}

export interface RegisterMessage extends MessageBase {
  type: 'register';
  manufacturer?: string;
  model?: string;
  terminalId?: string;
  plateColor?: number;
  plate?: string;
  /** The auth code the platform issues in its 0x8100 reply. */
  authCode: string;
}

export interface AuthMessage extends MessageBase {
  type: 'auth';
  authCode: string;
  imei?: string;
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
  | SimpleMessage;

export interface DecodeResult {
  messages: DecodedMessage[];
  /** Bytes to send back to the device, or null. */
  reply: Buffer | null;
  /** Set when the frame could not be decoded; decoders return errors and never throw. */
  error?: string;
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
  /** 808: next platform serial; replies use 0 when absent. */
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
}

/** Raised inside decoders when a frame is shorter than its layout; caught before returning. */
export class DecodeError extends Error {}

/** A bounds-checked big-endian reader: running off the end throws DecodeError, never reads junk. */
export class ByteReader {
  constructor(
    readonly buf: Buffer,
    public offset = 0,
    readonly end = buf.length,
  ) {}

  get remaining(): number {
    return this.end - this.offset;
  }

  private take(n: number): number {
    if (n < 0 || this.offset + n > this.end) {
      throw new DecodeError(`truncated: need ${n} bytes at offset ${this.offset}, have ${this.remaining}`);
    }
    const at = this.offset;
    this.offset += n;
    return at;
  }

  u8(): number {
    return this.buf[this.take(1)];
  }
  u16(): number {
    return this.buf.readUInt16BE(this.take(2));
  }
  i16(): number {
    return this.buf.readInt16BE(this.take(2));
  }
  u24(): number {
    return this.buf.readUIntBE(this.take(3), 3);
  }
  u32(): number {
    return this.buf.readUInt32BE(this.take(4));
  }
  bytes(n: number): Buffer {
    const at = this.take(n);
    return this.buf.subarray(at, at + n);
  }
  skip(n: number): void {
    this.take(n);
  }
  rest(): Buffer {
    return this.bytes(this.remaining);
  }
}

export function errorResult(error: string): DecodeResult {
  return { messages: [], reply: null, error };
}

/** Runs a decoder body and turns any exception into a returned error (decoders must not throw). */
export function guardDecode(run: () => DecodeResult): DecodeResult {
  try {
    return run();
  } catch (err) {
    return errorResult(err instanceof Error ? err.message : String(err));
  }
}

/**
 * Builds a UTC Date from a device clock reading in a zone `offsetMinutes` east of UTC.
 * Returns null for impossible readings (month 13, 25 o'clock, Feb 30...) instead of rolling over.
 */
export function deviceTime(
  y: number,
  mo: number,
  d: number,
  h: number,
  mi: number,
  s: number,
  offsetMinutes: number,
): Date | null {
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return null;
  const ms = Date.UTC(y, mo - 1, d, h, mi, s);
  if (new Date(ms).getUTCDate() !== d) return null;
  return new Date(ms - offsetMinutes * 60_000);
}

/** Decodes printable text, dropping NUL padding and control bytes that devices append. */
export function cleanText(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '').trim();
}

/** What a protocol's scanner found at the head of the buffered bytes. */
export type ScanResult =
  | { kind: 'frame'; end: number } // bytes [0, end) are one frame
  | { kind: 'skip'; count: number } // the first `count` bytes are garbage
  | { kind: 'wait' }; // the buffer starts a frame that is not complete yet

/**
 * Stream splitter shared by both protocols; each supplies only `scan`, which looks at the head
 * of the buffer. The splitter owns the buffer cap: a frame that would grow past `maxBuffer`
 * loses its first byte, and the scanner then resyncs on the next start mark, so a device
 * sending garbage cannot grow memory or stall the connection.
 */
export class ScanningSplitter implements FrameSplitter {
  private buf: Buffer = Buffer.alloc(0);
  private dropped = 0;

  constructor(
    private readonly scan: (buf: Buffer) => ScanResult,
    readonly maxBuffer: number,
  ) {
    if (!(maxBuffer >= 64)) throw new RangeError('maxBuffer must be at least 64 bytes');
  }

  get buffered(): number {
    return this.buf.length;
  }

  get droppedBytes(): number {
    return this.dropped;
  }

  reset(): void {
    this.buf = Buffer.alloc(0);
  }

  push(chunk: Buffer): Buffer[] {
    const frames: Buffer[] = [];
    // Feed huge chunks in slices so the working buffer stays within twice the cap.
    for (let at = 0; at < chunk.length; at += this.maxBuffer) {
      const piece = chunk.subarray(at, at + this.maxBuffer);
      this.buf = this.buf.length ? Buffer.concat([this.buf, piece]) : Buffer.from(piece);
      this.drain(frames);
    }
    return frames;
  }

  private drain(frames: Buffer[]): void {
    while (this.buf.length > 0) {
      const found = this.scan(this.buf);
      if (found.kind === 'frame') {
        frames.push(Buffer.from(this.buf.subarray(0, found.end)));
        this.buf = this.buf.subarray(found.end);
      } else if (found.kind === 'skip') {
        this.drop(Math.max(1, found.count));
      } else if (this.buf.length > this.maxBuffer) {
        this.drop(1);
      } else {
        break;
      }
    }
    // Keep a private copy so the caller's (often pooled) chunk memory is not retained.
    this.buf = Buffer.from(this.buf);
  }

  private drop(count: number): void {
    const n = Math.min(count, this.buf.length);
    this.dropped += n;
    this.buf = this.buf.subarray(n);
  }
}
