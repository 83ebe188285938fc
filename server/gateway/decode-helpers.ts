/** Helpers every decoder shares: bounds-checked reading, error results, device times, text. */
import type { DecodeResult } from './codec';

/** Raised inside decoders when a frame is shorter than its layout; caught before returning. */
export class DecodeError extends Error {}

/** A bounds-checked big-endian reader: running off the end throws DecodeError, never reads junk. */
export class ByteReader {
  constructor(
    readonly buf: Buffer,
    public offset = 0,
    readonly end = buf.length,
  ) {}

  get remaining(): number {
    return this.end - this.offset;
  }

  private take(n: number): number {
    if (n < 0 || this.offset + n > this.end) {
      throw new DecodeError(`truncated: need ${n} bytes at offset ${this.offset}, have ${this.remaining}`);
    }
    const at = this.offset;
    this.offset += n;
    return at;
  }

  u8(): number {
    return this.buf[this.take(1)];
  }
  u16(): number {
    return this.buf.readUInt16BE(this.take(2));
  }
  i16(): number {
    return this.buf.readInt16BE(this.take(2));
  }
  u24(): number {
    return this.buf.readUIntBE(this.take(3), 3);
  }
  u32(): number {
    return this.buf.readUInt32BE(this.take(4));
  }
  bytes(n: number): Buffer {
    const at = this.take(n);
    return this.buf.subarray(at, at + n);
  }
  skip(n: number): void {
    this.take(n);
  }
  rest(): Buffer {
    return this.bytes(this.remaining);
  }
}

export function errorResult(error: string): DecodeResult {
  return { messages: [], reply: null, error };
}

/** Runs a decoder body and turns any exception into a returned error (decoders must not throw). */
export function guardDecode(run: () => DecodeResult): DecodeResult {
  try {
    return run();
  } catch (err) {
    return errorResult(err instanceof Error ? err.message : String(err));
  }
}

/**
 * Builds a UTC Date from a device clock reading in a zone `offsetMinutes` east of UTC.
 * Returns null for impossible readings (month 13, 25 o'clock, Feb 30...) instead of rolling over.
 */
export function deviceTime(
  y: number,
  mo: number,
  d: number,
  h: number,
  mi: number,
  s: number,
  offsetMinutes: number,
): Date | null {
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return null;
  const ms = Date.UTC(y, mo - 1, d, h, mi, s);
  if (new Date(ms).getUTCDate() !== d) return null;
  return new Date(ms - offsetMinutes * 60_000);
}

/** Decodes printable text, dropping NUL padding and control bytes that devices append. */
export function cleanText(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '').trim();
}

/**
 * `{ ...a, ...b, ...c }` for a decoder's messages. Node 20's V8 defines each literal property
 * that follows an object spread through a slow path (about 2.5 µs each), so a location built as
 * `{ ...base, ...status, type, time, ... }` cost an H02 report 30-80 µs; Object.assign copies
 * the same fields in about 1 µs (docs/benchmarks.md, the text families beside GT06).
 */
export function messageOf<T>(...parts: (object | undefined)[]): T {
  return Object.assign({}, ...parts) as T;
}
