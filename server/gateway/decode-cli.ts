/**
 * Frame decoder for support and tests:
 *   npm run --silent decode -- --protocol gt06|jt808|teltonika|h02|tk103|meitrack FRAME [FRAME ...]
 *   printf '%s\n' FRAME ... | npm run --silent decode -- --protocol jt808
 *   npm run --silent decode -- FRAME ...            (no --protocol: each frame's protocol detected)
 * A FRAME is hex, or the text of a text protocol's frame (`*HQ,...#`, `(...)`, `$$...`).
 *   npm run --silent decode -- --protocol osmand 'id=123&lat=1.5&lon=2.5'   (query, target or JSON body)
 * Prints one JSON line per input frame. Inputs of a protocol share one session, like frames on
 * one connection, so a GT06 login gives the following frames their device id. Bad input yields
 * {"ok":false}.
 */
import { createInterface } from 'node:readline';
import type { CodecSession, ProtocolCodec } from './codec';
import { CODECS, decodeHexInput, detectProtocol, frameHex } from './decode-frames';
import { decodeOsmAndText } from './osmand/decode-text';

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
  if (protocol?.toLowerCase() === 'osmand') return decodeOsmAndInputs(frames);
  if (!protocol && frames.length > 0) return decodeDetected(frames);
  const codec: ProtocolCodec | undefined = protocol
    ? (CODECS as Record<string, ProtocolCodec>)[protocol.toLowerCase()]
    : undefined;
  if (!codec) {
    process.stderr.write(
      `usage: decode --protocol ${Object.keys(CODECS).join('|')}|osmand [HEX ...]   (no HEX: one frame per line on stdin)\n`,
    );
    return 2;
  }
  const session: CodecSession = {};
  const print = (input: string) =>
    process.stdout.write(JSON.stringify(decodeHexInput(codec, input, session)) + '\n');
  return run(frames, print);
}

/** Frames of any protocol: each one's protocol detected by its start, a session per protocol. */
function decodeDetected(frames: string[]): Promise<number> {
  const sessions = new Map<string, CodecSession>();
  return run(frames, (input) => {
    const norm = frameHex(input);
    const protocol = 'hex' in norm ? detectProtocol(norm.hex) : null;
    if (!protocol)
      return process.stdout.write(JSON.stringify({ ok: false, error: 'protocol not detected' }) + '\n');
    if (!sessions.has(protocol)) sessions.set(protocol, {});
    const out = decodeHexInput(CODECS[protocol], input, sessions.get(protocol)!);
    process.stdout.write(JSON.stringify({ protocol, ...out }) + '\n');
  });
}

/** OsmAnd (HTTP) has no TCP codec: each input is a request's query string, target or JSON body. */
function decodeOsmAndInputs(frames: string[]): Promise<number> {
  return run(frames, (input) => process.stdout.write(JSON.stringify(decodeOsmAndText(input)) + '\n'));
}

async function run(frames: string[], print: (input: string) => void): Promise<number> {
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
