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
};
