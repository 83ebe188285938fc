/**
 * JT/T 808 messages that carry device status without a position:
 *
 * - 0x0002 heartbeat: empty in the standard; some firmware appends battery %, signal and a
 *   status byte.
 * - 0x0107 terminal attributes (JT/T 808-2013 8.11): terminal type u16, manufacturer (5),
 *   model (20; 2019: 30), terminal id (7; 2019: 30), ICCID (BCD 10), then versions.
 * - 0x0702 driver identity (8.47): state (1 card in, 2 card out), BCD time, and with a card
 *   in: read result (0 ok), name (u8 length + GBK), certificate code (20), issuing agency
 *   (u8 length + GBK), validity (BCD 4).
 * - 0x2070 (vendor) acceleration samples: (BCD time 6, x, y, z) repeated, each axis a WORD with
 *   the sign in bit 15 (sign and magnitude).
 */
import { cleanText, type HeartbeatMessage } from '../codec';
import { decodeGbk } from './gbk';

type Base = Omit<HeartbeatMessage, 'type'>;

export function heartbeat(base: Base, body: Buffer): HeartbeatMessage {
  const msg: HeartbeatMessage = { ...base, type: 'heartbeat' };
  if (body.length >= 3) {
    if (body[0] <= 100) msg.battery = body[0];
    msg.gsmSignal = body[1];
  }
  return msg;
}

export function terminalAttributes(base: Base, body: Buffer, is2019: boolean): HeartbeatMessage {
  const at = 2 + 5 + (is2019 ? 30 + 30 : 20 + 7);
  const msg: HeartbeatMessage = { ...base, type: 'status' };
  if (body.length >= at + 10) {
    const iccid = body.subarray(at, at + 10).toString('hex');
    if (/^\d+f*$/i.test(iccid)) msg.iccid = iccid.replace(/f+$/i, '');
  }
  return msg;
}

export function driverIdentity(base: Base, body: Buffer): HeartbeatMessage {
  const msg: HeartbeatMessage = { ...base, type: 'status' };
  // State 1 with result 0: a card was read. Card out (2) or a failed read leaves the driver as is.
  if (body.length < 8 || body[0] !== 1 || body[7] !== 0) return msg;
  let at = 8;
  const nameLength = body[at++] ?? 0;
  const name = body.subarray(at, at + nameLength);
  at += nameLength;
  if (at + 20 > body.length) return msg;
  const code = cleanText(body.subarray(at, at + 20).toString('latin1'));
  if (code) msg.driverId = code;
  const driverName = cleanText(decodeGbk(name));
  if (driverName) msg.attributes = { driverName };
  return msg;
}

const signMagnitude = (w: number) => (w & 0x8000 ? -(w & 0x7fff) : w);

export function accelerationSamples(base: Base, body: Buffer): HeartbeatMessage {
  const samples: Array<[number, number, number]> = [];
  for (let at = 0; at + 12 <= body.length; at += 12)
    samples.push([
      signMagnitude(body.readUInt16BE(at + 6)),
      signMagnitude(body.readUInt16BE(at + 8)),
      signMagnitude(body.readUInt16BE(at + 10)),
    ]);
  return { ...base, type: 'status', attributes: { gSensor: samples } };
}
