/**
 * Frame decoding for people: the decode CLI (decode-cli.ts) and the factory decoder page
 * (POST /api/log/decode) share it. Hex in, the codec's messages with the fields people look for
 * first, and the reply our gateway would send.
 */
import type { CodecSession, DecodedMessage, ProtocolCodec, ProtocolName } from './codec';
import { LEADING_FIELDS } from '../../src/domain/device-log';

import { CODECS } from './families';

export { CODECS };
/** Far above any real frame; stops a runaway paste from being decoded byte by byte. */
export const MAX_FRAME_BYTES = 1 << 20;
export type DecodeOutput =
  { ok: true; messages: Record<string, unknown>[]; reply: string | null } | { ok: false; error: string };

/** Why a pasted text is not a frame's hex, or null when it is (spaces and a 0x prefix allowed). */
export type HexProblem = 'empty' | 'tooLong' | 'notHex' | 'oddDigits';

export const HEX_PROBLEM_TEXT: Record<HexProblem, string> = {
  empty: 'empty input',
  tooLong: `input longer than ${MAX_FRAME_BYTES} bytes`,
  notHex: 'input is not hexadecimal',
  oddDigits: 'odd number of hex digits',
};

export function normalizeHex(input: string): { hex: string } | { problem: HexProblem } {
  const hex = input.replace(/\s+/g, '').replace(/^0x/i, '');
  if (hex.length === 0) return { problem: 'empty' };
  if (hex.length > MAX_FRAME_BYTES * 2) return { problem: 'tooLong' };
  if (!/^[0-9a-f]+$/i.test(hex)) return { problem: 'notHex' };
  if (hex.length % 2 !== 0) return { problem: 'oddDigits' };
  return { hex };
}

/** The protocol of a frame by its start bytes, as each codec recognises its own (`detect`); null: none. */
export function detectProtocol(hex: string): ProtocolName | null {
  const frame = Buffer.from(hex.length % 2 ? hex.slice(0, -1) : hex, 'hex');
  return Object.values(CODECS).find((c) => c.detect(frame))?.protocol ?? null;
}

/**
 * A pasted frame as hex: hex digits as they are, or the text of a text protocol's frame (H02
 * `*HQ,...#`, TK103 `(...)`, Meitrack `$$...`) as its bytes. Text is printable ASCII; a
 * Meitrack line gets back the CRLF that ends its frames when the paste lost it.
 */
export function frameHex(input: string): { hex: string } | { problem: HexProblem } {
  const norm = normalizeHex(input);
  if (!('problem' in norm) || norm.problem !== 'notHex') return norm;
  const text = input.trim();
  if (!/^[\x20-\x7e\r\n]+$/.test(text)) return norm;
  const line = text.startsWith('$$') && !text.endsWith('\r\n') ? `${text}\r\n` : text;
  return { hex: Buffer.from(line, 'latin1').toString('hex') };
}

/** Puts the fields people look for first; JSON.stringify turns the Date into ISO UTC. */
export function present(msg: DecodedMessage): Record<string, unknown> {
  const source = msg as unknown as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of LEADING_FIELDS) if (source[key] !== undefined) out[key] = source[key];
  for (const [key, value] of Object.entries(source))
    if (!(key in out) && value !== undefined) out[key] = value;
  return out;
}

/** Decodes one frame given as hex; a session shared across calls links frames of one connection. */
export function decodeHexInput(
  codec: ProtocolCodec,
  input: string,
  session: CodecSession,
  now = new Date(),
): DecodeOutput {
  try {
    const norm = frameHex(input);
    if ('problem' in norm) return { ok: false, error: HEX_PROBLEM_TEXT[norm.problem] };
    const result = codec.decodeFrame(Buffer.from(norm.hex, 'hex'), session, now);
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
