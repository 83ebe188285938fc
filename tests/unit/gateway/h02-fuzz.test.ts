import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeH02Binary, encodeH02Heartbeat, encodeH02Report, h02Codec } from '../../../server/gateway/h02';
import { bytes, fuzzHarness } from './fuzz-support';
import { TRACCAR_H02, vectorBytes } from './h02-frames';

const NOW = new Date('2026-01-01T00:00:00Z');
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
const fuzz = fuzzHarness({ codec: h02Codec, now: NOW });

describe('H02 under fuzzing', () => {
  it('never throws on random bytes, and keeps the buffer under its cap', () => {
    fuzz.randomChunks();
  });

  it('never throws on random fields behind a text header or a binary marker', () => {
    const field = fc.stringMatching(/^[0-9A-Za-z.\-: ]{0,12}$/);
    const textFrame = fc
      .tuple(
        fc.constantFrom('V1', 'V4', 'NBR', 'LINK', 'V3', 'VP1', 'HTBT', 'SMS', 'V19', 'XX', ''),
        fc.array(field, { maxLength: 30 }),
      )
      .map(([type, fields]) => Buffer.from(`*HQ,4210051415,${[type, ...fields].join(',')}#`, 'latin1'));
    const binaryFrame = fc
      .tuple(fc.constantFrom(32, 42, 45, 46, 48), bytes(48))
      .map(([n, body]) => Buffer.concat([Buffer.from([0x24]), body, Buffer.alloc(48)]).subarray(0, n));
    fc.assert(
      fc.property(fc.oneof(textFrame, binaryFrame), (f) => {
        h02Codec.decodeFrame(f, {}, NOW);
        fuzz.run([f]);
      }),
      { numRuns: 1000 },
    );
  });

  it('never throws on truncated or mutated real frames', () => {
    fuzz.mutated(ALL, { numRuns: 1000 });
  });

  it('yields the same frames however a stream of text and 32-byte frames is split', () => {
    fuzz.splitAnywhere(MIXABLE);
  });

  it('never throws on oversized input', () => {
    const huge = Buffer.concat([
      Buffer.from('*HQ,1,V1,'),
      Buffer.alloc(70_000, 0x31),
      Buffer.alloc(70_000, 0x24),
    ]);
    expect(fuzz.oversized(huge, 3).messages.every((m) => m.type !== 'location' || !m.valid)).toBe(true);
  });
});
