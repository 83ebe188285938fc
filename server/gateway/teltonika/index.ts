/** Teltonika codec (FMB/FMC/FMM... trackers): IMEI handshake, Codec 8 / 8 Extended / 16 data, Codec 12 commands. */
import type { ProtocolCodec } from '../codec';
import { decodeTeltonikaFrame } from './decoder';
import { encodeTeltonikaCommand } from './encoder';
import { createTeltonikaSplitter } from './framing';

export {
  decodeTeltonikaFrame,
  CODEC12_TYPE,
  HANDSHAKE_ACCEPT,
  HANDSHAKE_REJECT,
  TELTONIKA_CODEC,
} from './decoder';
export {
  buildTeltonikaHandshake,
  encodeTeltonikaAvl,
  encodeTeltonikaCommand,
  encodeTeltonikaResponse,
  ioElement,
  type AvlCodec,
  type AvlRecord,
} from './encoder';
export { buildTeltonikaPacket, createTeltonikaSplitter, scanTeltonika } from './framing';
export { crc16Ibm } from './crc';
export { mapIoElements, TELTONIKA_IO, type IoElement } from './io';

export const teltonikaCodec: ProtocolCodec = {
  protocol: 'teltonika',
  createSplitter: (options) => createTeltonikaSplitter(options),
  decodeFrame: (frame, session, now) => decodeTeltonikaFrame(frame, session, now),
  encodeTextCommand: (content) => encodeTeltonikaCommand(content),
  detect: (frame) => isTeltonikaStart(frame),
};

/** 4 zero bytes (a packet), or a 2-byte length and as many ASCII digits (the IMEI handshake). */
function isTeltonikaStart(frame: Buffer): boolean {
  if (frame.length >= 4 && frame.readUInt32BE(0) === 0) return true;
  if (frame.length < 3) return false;
  const len = frame.readUInt16BE(0);
  return len > 0 && frame.length === 2 + len && frame.subarray(2).every((b) => b >= 0x30 && b <= 0x39);
}
