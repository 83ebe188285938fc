/**
 * Dev tool (not part of npm test): turns Traccar's decoder tests into a JSON corpus for
 * scripts/score-traccar-frames.ts. Traccar's files are read from a local checkout and are not
 * committed here (Apache-2.0, github.com/traccar/traccar).
 *
 *   npx tsx scripts/extract-traccar-frames.ts <traccar checkout or git dir> > /tmp/traccar-frames.json
 *
 * Reads src/test/java/org/traccar/protocol/{Gt06,Jt808}ProtocolDecoderTest.java and
 * src/main/java/org/traccar/model/Position.java (for the KEY_* / ALARM_* names).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface CorpusFrame {
  /** Our codec name. */
  protocol: 'gt06' | 'jt808';
  /** Index of the frame in its Traccar test, from 0. */
  index: number;
  /** verifyNull, verifyNotNull, verifyPosition, verifyPositions, verifyAttributes, verifyAttribute. */
  check: string;
  hex: string;
  /** Traccar's setModelOverride in force, if any. */
  model?: string;
  /** verifyAttribute: the attribute key and its expected value as Java source, resolved. */
  key?: string;
  value?: string | number | boolean | null;
}

const TESTS: Record<CorpusFrame['protocol'], string> = {
  gt06: 'src/test/java/org/traccar/protocol/Gt06ProtocolDecoderTest.java',
  jt808: 'src/test/java/org/traccar/protocol/Jt808ProtocolDecoderTest.java',
};
const POSITION = 'src/main/java/org/traccar/model/Position.java';

function readSource(root: string, path: string): string {
  const file = join(root, path);
  if (existsSync(file)) return readFileSync(file, 'utf8');
  return execFileSync('git', ['-C', root, 'show', `HEAD:${path}`], { encoding: 'utf8' });
}

/** Position.KEY_ALARM -> "alarm", from `public static final String KEY_ALARM = "alarm";`. */
function positionConstants(source: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of source.matchAll(/static final String (\w+) = "([^"]*)";/g)) out.set(m[1], m[2]);
  return out;
}

/** The text between the parenthesis at `open` and its match. */
function balanced(text: string, open: number): string {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '"') i = text.indexOf('"', i + 1);
    else if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return text.slice(open + 1, i);
  }
  return text.slice(open + 1);
}

function javaValue(src: string, names: Map<string, string>): CorpusFrame['value'] {
  const s = src.trim();
  // Position.ALARM_A + "," + Position.ALARM_B: Traccar's several alarms in one value.
  if (/^Position\.\w+(\s*\+\s*("[^"]*"|Position\.\w+))+$/.test(s))
    return s.split('+').map((part) => String(javaValue(part, names))).join('');
  if (s === 'null') return null;
  if (s === 'true' || s === 'false') return s === 'true';
  const str = /^"((?:[^"\\]|\\.)*)"$/.exec(s);
  if (str) return JSON.parse(`"${str[1]}"`) as string;
  const constant = /^Position\.(\w+)$/.exec(s);
  if (constant) return names.get(constant[1]) ?? s;
  const num = s.replace(/[LlDdFf]$/, '');
  if (/^-?0x[0-9a-f]+$/i.test(num)) return parseInt(num, 16);
  if (/^-?[0-9.]+$/.test(num)) return Number(num);
  return s;
}

function javaKey(src: string, names: Map<string, string>): string {
  const s = src.trim();
  const prefix = /^Position\.(\w+)\s*\+\s*(\d+)$/.exec(s);
  if (prefix) return `${names.get(prefix[1]) ?? prefix[1]}${prefix[2]}`;
  return String(javaValue(s, names));
}

export function extract(protocol: CorpusFrame['protocol'], source: string, names: Map<string, string>) {
  const frames: CorpusFrame[] = [];
  let model: string | undefined;
  for (const statement of source.split(';')) {
    const override = /setModelOverride\("([^"]*)"\)/.exec(statement);
    if (override) model = override[1];
    const call = /(verify\w+)\(\s*decoder\s*,\s*(?:true\s*,\s*|false\s*,\s*)?(binary|buffer)\(/.exec(statement);
    if (!call) continue;
    const open = call.index + call[0].length - 1;
    const inner = balanced(statement, open);
    const literal = [...inner.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]).join('');
    // binary("hex"); buffer("text") is a text frame: its bytes.
    const hex = call[2] === 'binary' ? literal : Buffer.from(literal, 'latin1').toString('hex');
    const rest = statement.slice(open + inner.length + 2).trim().replace(/^,/, '');
    const frame: CorpusFrame = { protocol, index: frames.length, check: call[1], hex };
    if (model) frame.model = model;
    if (call[1] === 'verifyAttribute') {
      const args = rest.replace(/\)\s*$/, '');
      const comma = args.indexOf(',');
      frame.key = javaKey(args.slice(0, comma), names);
      frame.value = javaValue(args.slice(comma + 1), names);
    }
    frames.push(frame);
  }
  return frames;
}

function main() {
  const root = process.argv[2];
  if (!root) {
    process.stderr.write('usage: extract-traccar-frames.ts <traccar checkout or git dir>\n');
    process.exit(2);
  }
  const names = positionConstants(readSource(root, POSITION));
  const corpus = (Object.keys(TESTS) as CorpusFrame['protocol'][]).flatMap((p) =>
    extract(p, readSource(root, TESTS[p]), names),
  );
  process.stdout.write(JSON.stringify(corpus, null, 1) + '\n');
}

main();
