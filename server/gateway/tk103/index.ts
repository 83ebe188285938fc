/** TK103 codec (Xexun TK103/TK103B and the many trackers that speak its `(...)` text protocol). */
import type { ProtocolCodec } from '../codec';
import { encodeTk103Command } from './commands';
import { decodeTk103Frame } from './decoder';
import { createTk103Splitter, FRAME_OPEN } from './framing';

export { decodeTk103Frame } from './decoder';
export { encodeTk103Command, periodicData, TK103_COMMAND } from './commands';
export {
  buildTk103CommaFrame,
  buildTk103Frame,
  createTk103Splitter,
  scanTk103,
  TK103_DEFAULT_MAX_BUFFER,
  TK103_MAX_FRAME,
} from './framing';
export { tk103AlarmAck, tk103HandshakeReply, tk103LoginReply } from './replies';
export { BO01_ALARMS, BQ81_ALARMS, EVENT_CODES } from './alarms';
export { readHead } from './head';
export {
  tk103AlarmFrame,
  tk103AnswerFrame,
  tk103GpsBlock,
  tk103HandshakeFrame,
  tk103LoginFrame,
  tk103PositionFrame,
  type Tk103Position,
} from './device-frames';

/** `(` then an id and a code: `(013612345678BR00`, `(864768011069660,ZC11`. */
const DETECT = /^\([^,()]{1,20}?,?[A-Z]{2}[0-9A-F]{2}/;

export const tk103Codec: ProtocolCodec = {
  protocol: 'tk103',
  createSplitter: (options) => createTk103Splitter(options),
  decodeFrame: (frame, session, now) => decodeTk103Frame(frame, session, now),
  encodeTextCommand: (content, session) => encodeTk103Command(content, session),
  detect: (frame) => frame[0] === FRAME_OPEN && DETECT.test(frame.subarray(0, 40).toString('latin1')),
};
