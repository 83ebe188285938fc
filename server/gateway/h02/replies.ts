/**
 * What the server sends an H02 tracker: answers to its reports and commands. Every frame is
 * `*<maker>,<id>,<word>,...#` with the maker code and id the device used (firmware checks the
 * maker code). Answers, as Traccar sends them (H02ProtocolDecoder.sendResponse):
 * - V1 report: `*HQ,<id>,V4,V1,<yyyyMMddHHmmss>#` (SinoTrack firmware takes it as the login
 *   answer); NBR cell report: `*HQ,<id>,V4,NBR,<yyyyMMddHHmmss>#`;
 * - other reports (binary, V2..V19): `*HQ,<id>,R12,<hhmmss>#`, which only some firmware expects
 *   (Traccar's `h02.ack` option; ours: the model's location ack setting, off by default);
 * - HTBT / V0 heartbeat: the frame's head echoed, `*HQ,<id>,HTBT#`.
 */
import type { CodecSession } from '../codec';

export const H02_DEFAULT_MAKER = 'HQ';

/** The maker code each connection's device uses, so answers and commands echo it. */
const makers = new WeakMap<CodecSession, string>();
export const rememberMaker = (session: CodecSession, maker: string) => {
  if (/^[A-Za-z]{2}$/.test(maker)) makers.set(session, maker.toUpperCase());
};
export const makerOf = (session: CodecSession) => makers.get(session) ?? H02_DEFAULT_MAKER;

const pad = (n: number) => String(n).padStart(2, '0');
/** hhmmss in UTC. */
export const hhmmss = (t: Date) =>
  `${pad(t.getUTCHours())}${pad(t.getUTCMinutes())}${pad(t.getUTCSeconds())}`;
/** yyyyMMddHHmmss in UTC. */
export const stamp = (t: Date) =>
  `${t.getUTCFullYear()}${pad(t.getUTCMonth() + 1)}${pad(t.getUTCDate())}${hhmmss(t)}`;

export const h02Frame = (maker: string, id: string, parts: readonly (string | number)[]) =>
  Buffer.from(`*${maker},${id},${parts.join(',')}#`, 'latin1');

/** The V4 answer to a V1 or NBR report. */
export const h02ReportAnswer = (maker: string, id: string, type: 'V1' | 'NBR', now: Date) =>
  h02Frame(maker, id, ['V4', type, stamp(now)]);

/** The R12 ack some firmware wants for binary and V2..V19 reports. */
export const h02R12 = (maker: string, id: string, now: Date) => h02Frame(maker, id, ['R12', hhmmss(now)]);

/** The heartbeat answer: the frame's head up to its type, e.g. `*HQ,<id>,HTBT#`. */
export const h02HeartbeatAnswer = (maker: string, id: string, type: string) => h02Frame(maker, id, [type]);
