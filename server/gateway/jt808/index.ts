/** JT/T 808 codec (import protocols "808", "808 long standby", "BSJ 11-digit"). */
import type { ProtocolCodec } from '../codec';
import { decodeJt808Frame } from './decoder';
import { createJt808Splitter } from './framing';
import { looksLikeJt808Text } from './text-frames';

export { decodeJt808Frame, nextJt808Serial, JT808_DEFAULT_TZ_MINUTES } from './decoder';
export {
  encodeJt808GeneralReply,
  encodeJt808RegisterReply,
  encodeJt808ShortReply,
  encodeJt808TimeReply,
  encodeJt808TextCommand,
  encodeJt808UpgradeBody,
  decodeJt808UpgradeBody,
  splitJt808Body,
  JT808_MSG,
  JT808_RESULT,
} from './encoder';
export {
  buildJt808Frame,
  createJt808Splitter,
  escapeJt808,
  parseJt808Frame,
  scanJt808,
  unescapeJt808,
  xorCheck,
  JT808_DEFAULT_MAX_BUFFER,
  type Jt808Frame,
  type Jt808Header,
  type Jt808Target,
} from './framing';
export { decodeGbk, encodeGbk } from './gbk';
export { decodeJt808Location, jt808Alarms } from './location';
export { JT808_ALARM_BITS } from './alarms';
export {
  addJt808Part,
  pendingReassemblyBytes,
  JT808_MAX_PACKAGES,
  JT808_MAX_PENDING,
  JT808_MAX_REASSEMBLY_BYTES,
  JT808_REASSEMBLY_TIMEOUT_MS,
} from './subpackage';
export { encodeJt808Terminal, jt808DeviceId, luhnDigit, JT808_IMEI_LENGTH } from './terminal';

export const jt808Codec: ProtocolCodec = {
  protocol: 'jt808',
  createSplitter: (options) => createJt808Splitter(options),
  decodeFrame: (frame, session, now) => decodeJt808Frame(frame, session, now),
  // 7E frames, and Jointech's (…) text lines.
  detect: (frame) => frame[0] === 0x7e || looksLikeJt808Text(frame),
};
