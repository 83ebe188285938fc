/**
 * The fuzz harness every codec's fuzz test shares: random bytes, mutated public frames, a stream
 * cut at random points, each run through the codec's splitter and decoder. The properties are
 * the gateway's contract: a decoder never throws (an error comes with no messages) and a
 * splitter never buffers more than its cap.
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import type { CodecSession, DecodedMessage, ProtocolCodec } from '../../../server/gateway/codec';

// size 'max' makes fast-check use the whole length range instead of its small default.
export const bytes = (max = 600) => fc.uint8Array({ maxLength: max, size: 'max' }).map((a) => Buffer.from(a));

/** Any byte value: what a mutation writes unless a family prefers its own alphabet. */
const anyByte = fc.integer({ min: 0, max: 255 });

/** Cuts `data` at the given points (taken modulo its length + 1, sorted, deduplicated) into consecutive chunks. */
export function cut(data: Buffer, points: number[]): Buffer[] {
  const at = [...new Set(points.map((p) => p % (data.length + 1)))].sort((a, b) => a - b);
  const chunks: Buffer[] = [];
  let prev = 0;
  for (const p of [...at, data.length]) {
    chunks.push(data.subarray(prev, p));
    prev = p;
  }
  return chunks;
}

/** Real frames with up to 6 bytes overwritten, then truncated to a random non-empty prefix. */
export const mutatedFrames = (valid: Buffer[], byte: fc.Arbitrary<number> = anyByte) =>
  fc
    .tuple(fc.constantFrom(...valid), fc.array(fc.tuple(fc.nat(), byte), { maxLength: 6 }), fc.nat())
    .map(([f, edits, keep]) => {
      const copy = Buffer.from(f);
      for (const [at, value] of edits) copy[at % copy.length] = value;
      return copy.subarray(0, 1 + (keep % copy.length));
    });

export interface FuzzTarget {
  codec: ProtocolCodec;
  /** The decoder's clock. */
  now: Date;
  /** The session a stream starts with (a fresh one per run); empty unless given. */
  session?: () => CodecSession;
  /** A further property of every decoded message, given the stream's session. */
  check?: (message: DecodedMessage, session: CodecSession) => void;
}

/** The harness bound to one codec. */
export function fuzzHarness({ codec, now, session = () => ({}), check }: FuzzTarget) {
  /** Splitter plus decoder over a chunked stream; any exception fails the property. */
  const run = (chunks: Buffer[], maxBuffer = 1024): Buffer[] => {
    const splitter = codec.createSplitter({ maxBuffer });
    const s = session();
    const frames: Buffer[] = [];
    for (const chunk of chunks) {
      for (const frame of splitter.push(chunk)) {
        frames.push(frame);
        const result = codec.decodeFrame(frame, s, now);
        expect(Array.isArray(result.messages)).toBe(true);
        expect(result.error === undefined || result.messages.length === 0).toBe(true);
        for (const m of result.messages) check?.(m, s);
      }
      expect(splitter.buffered).toBeLessThanOrEqual(maxBuffer);
    }
    return frames;
  };
  const hex = (frames: Buffer[]) => frames.map((f) => f.toString('hex'));

  return {
    run,
    /** Up to 8 random chunks through a splitter capped at 256 bytes. */
    randomChunks(chunk: fc.Arbitrary<Buffer> = bytes()) {
      fc.assert(fc.property(fc.array(chunk, { maxLength: 8 }), (chunks) => void run(chunks, 256)));
    },
    /** Mutated real frames, decoded alone and through a splitter. */
    mutated(valid: Buffer[], { numRuns, byte }: { numRuns?: number; byte?: fc.Arbitrary<number> } = {}) {
      fc.assert(
        fc.property(mutatedFrames(valid, byte), (f) => {
          const result = codec.decodeFrame(f, {}, now);
          expect(result.error === undefined || result.messages.length === 0).toBe(true);
          run([f]);
        }),
        { numRuns },
      );
    },
    /** Up to 6 real frames back to back: the same frames come out whole and cut at up to 12 points. */
    splitAnywhere(valid: Buffer[]) {
      fc.assert(
        fc.property(
          fc.array(fc.constantFrom(...valid), { minLength: 1, maxLength: 6 }),
          fc.array(fc.nat(), { maxLength: 12 }),
          (list, points) => {
            const stream = Buffer.concat(list);
            expect(hex(run([stream], 4096))).toEqual(hex(list));
            expect(hex(run(cut(stream, points), 4096))).toEqual(hex(list));
          },
        ),
      );
    },
    /** A huge input, whole and again from `skip` on, through a splitter capped at 512 bytes. */
    oversized(huge: Buffer, skip: number) {
      expect(() => run([huge, huge.subarray(skip)], 512)).not.toThrow();
      return codec.decodeFrame(huge, {}, now);
    },
  };
}
