/** H02 codec (SinoTrack ST-901/ST-906, TK911 and other H02-family trackers): `*HQ` text and `$` binary reports, text commands. */
import type { ProtocolCodec } from '../codec';
import { decodeH02Frame } from './decoder';
import { encodeH02Command } from './encoder';
import { createH02Splitter, detectH02 } from './framing';

export { decodeH02Frame } from './decoder';
export {
  encodeH02Answer,
  encodeH02Binary,
  encodeH02Command,
  encodeH02Heartbeat,
  encodeH02Report,
  parseH02Command,
  type H02Fix,
  type H02ReportExtras,
} from './encoder';
export {
  createH02Splitter,
  detectH02,
  H02_BINARY_LENGTHS,
  H02_DEFAULT_MAX_BUFFER,
  H02_TEXT_MAX,
} from './framing';
export { h02HeartbeatAnswer, h02R12, h02ReportAnswer, H02_DEFAULT_MAKER } from './replies';
export { batteryPercent, decodeStatusWord, encodeStatusWord, H02_STATUS_BIT } from './status';
export { H02_MARK, KNOT_KMH } from './context';

export const h02Codec: ProtocolCodec = {
  protocol: 'h02',
  createSplitter: (options) => createH02Splitter(options),
  decodeFrame: (frame, session, now) => decodeH02Frame(frame, session, now),
  encodeTextCommand: (content, session) => encodeH02Command(content, session),
  detect: (frame) => detectH02(frame),
};
