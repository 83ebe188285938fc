/** GT06 server-to-device packets: acknowledgements, the time reply and 0x80 text commands. */
import { buildGt06Packet } from './framing';
import { GT06_PROTOCOL } from './numbers';

export { GT06_PROTOCOL };

/** `78 78 05 <protocol> <serial> <crc> 0D 0A`: the ack for login, heartbeat, location and alarm. */
export function encodeGt06Ack(protocol: number, serial: number, extended = false): Buffer {
  return buildGt06Packet(protocol, new Uint8Array(0), serial, extended);
}

/**
 * The answer the older Wi-Fi packets (0x17, 0x69) expect: `78 78 00 <protocol> <BCD time they
 * sent> 0D 0A`, without serial or CRC.
 */
export function buildRawGt06Reply(protocol: number, time: Uint8Array): Buffer {
  return Buffer.concat([Buffer.from([0x78, 0x78, 0x00, protocol]), time, Buffer.from([0x0d, 0x0a])]);
}

/**
 * Answer to a GK310 address request (0x2A): the 0x97 address packet in the 7979 form with
 * `NA&&NA&&0##`, "no address", as the device needs an answer to stop asking.
 */
export function encodeGt06AddressReply(): Buffer {
  const text = Buffer.from('NA&&NA&&0##', 'latin1');
  const body = Buffer.concat([Buffer.from([text.length, 0, 0, 0, 0]), text]);
  return buildGt06Packet(0x97, body, 0, true);
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
