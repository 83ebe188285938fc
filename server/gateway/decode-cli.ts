/**
 * Frame decoder for support and tests:
 *   npm run --silent decode -- --protocol gt06|jt808 HEX [HEX ...]
 *   printf '%s\n' HEX ... | npm run --silent decode -- --protocol jt808
 * Prints one JSON line per input frame. Inputs share one session, like frames on one connection,
 * so a GT06 login gives the following frames their device id. Bad input yields {"ok":false}.
 */
import { createInterface } from 'node:readline';
import type { CodecSession, DecodedMessage, ProtocolCodec } from './codec';
import { gt06Codec } from './gt06';
import { jt808Codec } from './jt808';

const CODECS: Record<string, ProtocolCodec> = { gt06: gt06Codec, jt808: jt808Codec };
/** Far above any real frame; stops a runaway paste from being decoded byte by byte. */
const MAX_FRAME_BYTES = 1 << 20;
const LEADING_KEYS = [
  'type',
  'deviceId',
  'time',
  'valid',
  'latitude',
  'longitude',
  'speed',
  'course',
  'alarm',
];

type Output =
  { ok: true; messages: Record<string, unknown>[]; reply: string | null } | { ok: false; error: string };

/** Puts the fields people look for first; JSON.stringify turns the Date into ISO UTC. */
function present(msg: DecodedMessage): Record<string, unknown> {
  const source = msg as unknown as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of LEADING_KEYS) if (source[key] !== undefined) out[key] = source[key];
  for (const [key, value] of Object.entries(source))
    if (!(key in out) && value !== undefined) out[key] = value;
  return out;
}

function decodeHexInput(
  codec: ProtocolCodec,
  input: string,
  session: CodecSession,
  now = new Date(),
): Output {
  try {
    const hex = input.replace(/\s+/g, '').replace(/^0x/i, '');
    if (hex.length === 0) return { ok: false, error: 'empty input' };
    if (hex.length > MAX_FRAME_BYTES * 2)
      return { ok: false, error: `input longer than ${MAX_FRAME_BYTES} bytes` };
    if (!/^[0-9a-f]+$/i.test(hex)) return { ok: false, error: 'input is not hexadecimal' };
    if (hex.length % 2 !== 0) return { ok: false, error: 'odd number of hex digits' };
    const result = codec.decodeFrame(Buffer.from(hex, 'hex'), session, now);
    if (result.error !== undefined) return { ok: false, error: result.error };
    return {
      ok: true,
      messages: result.messages.map(present),
      reply: result.reply ? result.reply.toString('hex') : null,
    };
  } catch (err) {
    return { ok: false, error: err instanceof Error ? err.message : String(err) };
  }
}

function parseArgs(argv: string[]): { protocol?: string; frames: string[] } {
  const frames: string[] = [];
  let protocol: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--protocol' || arg === '-p') protocol = argv[++i];
    else if (arg.startsWith('--protocol=')) protocol = arg.slice('--protocol='.length);
    else if (arg !== '--') frames.push(arg);
  }
  return { protocol, frames };
}

async function main(): Promise<number> {
  // A closed pipe (e.g. `| head`) is a normal way to stop reading, not a crash.
  process.stdout.on('error', () => process.exit(0));
  const { protocol, frames } = parseArgs(process.argv.slice(2));
  const codec = protocol ? CODECS[protocol.toLowerCase()] : undefined;
  if (!codec) {
    process.stderr.write(
      'usage: decode --protocol gt06|jt808 [HEX ...]   (no HEX: one frame per line on stdin)\n',
    );
    return 2;
  }
  const session: CodecSession = {};
  const print = (input: string) =>
    process.stdout.write(JSON.stringify(decodeHexInput(codec, input, session)) + '\n');
  if (frames.length > 0) {
    frames.forEach(print);
    return 0;
  }
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of lines) if (line.trim() !== '') print(line);
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    process.stdout.write(JSON.stringify({ ok: false, error: String(err) }) + '\n');
    process.exitCode = 1;
  },
);
