import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CodecSession } from '../../../server/gateway/codec';
import { encodeH02Binary, encodeH02Heartbeat, encodeH02Report, h02Codec } from '../../../server/gateway/h02';
import { TRACCAR_H02, vectorBytes } from './h02-frames';

const NOW = new Date('2026-01-01T00:00:00Z');
const bytes = (max = 600) => fc.uint8Array({ maxLength: max, size: 'max' }).map((a) => Buffer.from(a));
const FIX = { time: NOW, latitude: -33.9, longitude: 151.2, speed: 40, course: 90 };
const ALL = [
  ...TRACCAR_H02.map(vectorBytes),
  encodeH02Report('4210051415', FIX, 0xfffbfbff, { mileageKm: 12.3 }),
  encodeH02Heartbeat('135790246811220'),
  encodeH02Binary('4106011660', FIX, 0xffffffff),
];
/** Frames that a splitter without a configured length cuts right in any mix: text and 32-byte binary. */
const MIXABLE = ALL.filter((f) => f[0] === 0x2a || f.length === 32).map((f) =>
  f[0] === 0x2a ? Buffer.from(f.toString('latin1').trim(), 'latin1') : f,
);

/** Splitter plus decoder over a chunked stream; any exception fails the property. */
function run(chunks: Buffer[], maxBuffer = 1024): Buffer[] {
  const splitter = h02Codec.createSplitter({ maxBuffer });
  const session: CodecSession = {};
  const frames: Buffer[] = [];
  for (const chunk of chunks) {
    for (const frame of splitter.push(chunk)) {
      frames.push(frame);
      const result = h02Codec.decodeFrame(frame, session, NOW);
      expect(result.error === undefined || result.messages.length === 0).toBe(true);
    }
    expect(splitter.buffered).toBeLessThanOrEqual(maxBuffer);
  }
  return frames;
}

describe('H02 under fuzzing', () => {
  it('never throws on random bytes, and keeps the buffer under its cap', () => {
    fc.assert(fc.property(fc.array(bytes(), { maxLength: 8 }), (chunks) => void run(chunks, 256)));
  });

  it('never throws on random fields behind a text header or a binary marker', () => {
    const field = fc.stringMatching(/^[0-9A-Za-z.\-: ]{0,12}$/);
    const textFrame = fc
      .tuple(fc.constantFrom('V1', 'V4', 'NBR', 'LINK', 'V3', 'VP1', 'HTBT', 'SMS', 'V19', 'XX', ''), fc.array(field, { maxLength: 30 }))
      .map(([type, fields]) => Buffer.from(`*HQ,4210051415,${[type, ...fields].join(',')}#`, 'latin1'));
    const binaryFrame = fc
      .tuple(fc.constantFrom(32, 42, 45, 46, 48), bytes(48))
      .map(([n, body]) => Buffer.concat([Buffer.from([0x24]), body, Buffer.alloc(48)]).subarray(0, n));
    fc.assert(
      fc.property(fc.oneof(textFrame, binaryFrame), (f) => {
        h02Codec.decodeFrame(f, {}, NOW);
        run([f]);
      }),
      { numRuns: 1000 },
    );
  });

  it('never throws on truncated or mutated real frames', () => {
    const mutated = fc
      .tuple(
        fc.constantFrom(...ALL),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 6 }),
        fc.nat(),
      )
      .map(([f, edits, keep]) => {
        const copy = Buffer.from(f);
        for (const [at, value] of edits) copy[at % copy.length] = value;
        return copy.subarray(0, 1 + (keep % copy.length));
      });
    fc.assert(
      fc.property(mutated, (f) => {
        const result = h02Codec.decodeFrame(f, {}, NOW);
        expect(result.error === undefined || result.messages.length === 0).toBe(true);
        run([f]);
      }),
      { numRuns: 1000 },
    );
  });

  it('yields the same frames however a stream of text and 32-byte frames is split', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...MIXABLE), { minLength: 1, maxLength: 6 }),
        fc.array(fc.nat(), { maxLength: 12 }),
        (list, points) => {
          const stream = Buffer.concat(list);
          const at = [...new Set(points.map((p) => p % (stream.length + 1)))].sort((a, b) => a - b);
          const chunks = [...at, stream.length].map((end, i, all) => stream.subarray(i ? all[i - 1] : 0, end));
          expect(run(chunks, 4096).map((f) => f.toString('hex'))).toEqual(list.map((f) => f.toString('hex')));
        },
      ),
    );
  });

  it('never throws on oversized input', () => {
    const huge = Buffer.concat([Buffer.from('*HQ,1,V1,'), Buffer.alloc(70_000, 0x31), Buffer.alloc(70_000, 0x24)]);
    expect(() => run([huge, huge.subarray(3)], 512)).not.toThrow();
    expect(h02Codec.decodeFrame(huge, {}, NOW).messages.every((m) => m.type !== 'location' || !m.valid)).toBe(true);
  });
});
