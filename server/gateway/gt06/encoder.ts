/** GT06 server-to-device packets: acknowledgements, the time reply and 0x80 text commands. */
import { buildGt06Packet } from './framing';

export const GT06_PROTOCOL = {
  login: 0x01,
  gps: 0x10,
  gpsLbs6: 0x11,
  gpsLbs: 0x12,
  status: 0x13,
  string: 0x15,
  alarm: 0x16,
  stringInfo: 0x21,
  gpsLbs2: 0x22,
  alarm2: 0x26,
  command: 0x80,
  timeRequest: 0x8a,
  info: 0x94,
} as const;

/** `78 78 05 <protocol> <serial> <crc> 0D 0A`: the ack for login, heartbeat, location and alarm. */
export function encodeGt06Ack(protocol: number, serial: number): Buffer {
  return buildGt06Packet(protocol, new Uint8Array(0), serial);
}

/** Reply to a 0x8A time request: the current UTC time as YY MM DD hh mm ss, echoing the serial. */
export function encodeGt06TimeReply(serial: number, now: Date = new Date()): Buffer {
  const body = Uint8Array.of(
    now.getUTCFullYear() % 100,
    now.getUTCMonth() + 1,
    now.getUTCDate(),
    now.getUTCHours(),
    now.getUTCMinutes(),
    now.getUTCSeconds(),
  );
  return buildGt06Packet(GT06_PROTOCOL.timeRequest, body, serial);
}

export interface Gt06CommandOptions {
  /** Packet serial; the gateway should count up per connection. */
  serial?: number;
  /** 4-byte server flag the device echoes in its 0x15 reply, to match replies to commands. */
  serverFlag?: number;
  /** Language word some firmware expects after the text: 1 Chinese, 2 English. Omitted by default. */
  language?: number;
}

/**
 * 0x80 online command, e.g. `Relay,1#` (cut fuel) or `Relay,0#` (restore). The text is ASCII.
 * Uses the 0x7979 form only when the text does not fit a one-byte length.
 */
export function encodeGt06Command(command: string, options: Gt06CommandOptions = {}): Buffer {
  if (!/^[\x20-\x7e]*$/.test(command)) throw new RangeError('GT06 commands must be printable ASCII');
  const text = Buffer.from(command, 'latin1');
  if (4 + text.length > 0xff) throw new RangeError(`GT06 command too long (${text.length} bytes)`);
  const languageBytes = options.language === undefined ? 0 : 2;
  const body = Buffer.alloc(1 + 4 + text.length + languageBytes);
  body[0] = 4 + text.length;
  body.writeUInt32BE((options.serverFlag ?? 0) >>> 0, 1);
  text.copy(body, 5);
  if (options.language !== undefined) body.writeUInt16BE(options.language & 0xffff, 5 + text.length);
  const extended = 1 + body.length + 4 > 0xff;
  return buildGt06Packet(GT06_PROTOCOL.command, body, options.serial ?? 0, extended);
}
