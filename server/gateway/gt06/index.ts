/** GT06 codec (Concox and clones): framing, decoding and server-to-device packets. */
import type { ProtocolCodec } from '../codec';
import { decodeGt06Frame } from './decoder';
import { createGt06Splitter } from './framing';

export { decodeGt06Frame } from './decoder';
export {
  encodeGt06Ack,
  encodeGt06Command,
  encodeGt06TimeReply,
  GT06_PROTOCOL,
  type Gt06CommandOptions,
} from './encoder';
export {
  buildGt06Packet,
  createGt06Splitter,
  parseGt06Frame,
  scanGt06,
  GT06_DEFAULT_MAX_BUFFER,
} from './framing';
export { crc16x25 } from './crc';
export { gt06AlarmFromCode, voltageLevelToPercent } from './status';

export const gt06Codec: ProtocolCodec = {
  protocol: 'gt06',
  createSplitter: (options) => createGt06Splitter(options),
  decodeFrame: (frame, session, now) => decodeGt06Frame(frame, session, now),
  // 78 78 (1-byte length) or 79 79 (2-byte length).
  detect: (frame) => frame.length >= 2 && (frame[0] === 0x78 || frame[0] === 0x79) && frame[1] === frame[0],
};
