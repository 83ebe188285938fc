/** Meitrack codec (MVT100/340/380/600/800, T1/T3/T333/T366/T399, P88L...): `$$` text and binary packets. */
import type { ProtocolCodec } from '../codec';
import { decodeMeitrackFrame } from './decoder';
import { encodeMeitrackCommand } from './encoder';
import { createMeitrackSplitter } from './framing';

export { decodeMeitrackFrame, parsePacket, MEITRACK_COMMAND, type MeitrackPacket } from './decoder';
export {
  encodeMeitrackAnswer,
  encodeMeitrackCommand,
  encodeMeitrackReport,
  meitrackReportFields,
  meitrackTime,
  SERVER_FLAG,
  type MeitrackReport,
} from './encoder';
export {
  buildMeitrackPacket,
  createMeitrackSplitter,
  meitrackChecksum,
  scanMeitrack,
  MEITRACK_DEFAULT_MAX_BUFFER,
} from './framing';
export { EVENT_ALARMS, MEITRACK_EVENT, eventAlarm } from './events';

/** `$$`, an identifier character, then the length digits: a Meitrack device packet. */
export function detectMeitrack(frame: Buffer): boolean {
  return frame.length >= 5 && frame[0] === 0x24 && frame[1] === 0x24 && frame[3] >= 0x30 && frame[3] <= 0x39;
}

export const meitrackCodec: ProtocolCodec = {
  protocol: 'meitrack',
  createSplitter: (options) => createMeitrackSplitter(options),
  decodeFrame: (frame, session, now) => decodeMeitrackFrame(frame, session, now),
  encodeTextCommand: (content, session) => encodeMeitrackCommand(content, session),
  detect: detectMeitrack,
};
