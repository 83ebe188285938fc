/** Meitrack binary record batches (CCC, CCE): not decoded yet. */
import type { DecodeResult, LocationMessage } from '../codec';
import type { MeitrackPacket } from './decoder';

type Base = Pick<LocationMessage, 'protocol' | 'messageId' | 'serial' | 'checksumOk' | 'deviceId'>;

export function decodeBinaryRecords(packet: MeitrackPacket, base: Base, _now: Date): DecodeResult {
  return { messages: [{ ...base, type: 'unknown', note: `${packet.command} records not decoded` }], reply: null };
}
