/**
 * Platform commands to a TK103 tracker. The command frame is `(<id><code><data>)`: a command
 * text that is a TK103 code (`AV010`, `AR00003C0000`) or a whole frame goes out as it is; the
 * platform's GT06-worded relay commands (the lock rule's `RELAY,1#`) become their TK103 codes.
 */
import type { CodecSession } from '../codec';
import { buildTk103Frame } from './framing';

/** The document's down codes the platform uses (Traccar's encoder sends the same). */
export const TK103_COMMAND = {
  /** One position now; the tracker answers BP04 with it. */
  positionSingle: 'AP00',
  /** AR00 + interval (s, 4 hex) + total time (hours, minutes: 2 hex each; 0000 no limit). */
  positionPeriodic: 'AR00',
  /** AV01 + 0: cut the oil/power circuit; + 1: restore it. */
  engine: 'AV01',
  /** AV00 + 0/1: the output circuit. */
  output: 'AV00',
  reboot: 'AT00',
} as const;

/** GT06-worded commands the platform itself sends (src/domain/lock.ts) and their TK103 codes. */
const PLATFORM_WORDS: Readonly<Record<string, string>> = {
  'RELAY,1#': `${TK103_COMMAND.engine}0`,
  'RELAY,0#': `${TK103_COMMAND.engine}1`,
  'RESET#': TK103_COMMAND.reboot,
  'WHERE#': TK103_COMMAND.positionSingle,
};

/** AR00 data: `interval` seconds between reports for `minutes` (0: until told otherwise). */
export function periodicData(intervalSeconds: number, minutes = 0): string {
  const hex = (n: number, w: number) =>
    Math.max(0, Math.min(n, 16 ** w - 1))
      .toString(16)
      .toUpperCase()
      .padStart(w, '0');
  return `${TK103_COMMAND.positionPeriodic}${hex(intervalSeconds, 4)}${hex(Math.floor(minutes / 60), 2)}${hex(minutes % 60, 2)}`;
}

/** The frame that carries `content` to the tracker of `session`. */
export function encodeTk103Command(content: string, session: CodecSession): Buffer {
  const text = content.trim();
  if (text.startsWith('(') && text.endsWith(')')) return Buffer.from(text, 'latin1');
  if (!session.deviceId) throw new Error('TK103 device id unknown');
  const word = PLATFORM_WORDS[text.toUpperCase().replace(/\s+/g, '')];
  const timer = /^TIMER,(\d{1,5})#$/i.exec(text);
  const code = word ?? (timer ? periodicData(Number(timer[1])) : text);
  return buildTk103Frame(session.deviceId, code);
}
