import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildMeitrackPacket, encodeMeitrackReport, meitrackCodec } from '../../../server/gateway/meitrack';
import { bytes, fuzzHarness } from './fuzz-support';
import { binary, doc, text } from './meitrack-frames';

const NOW = new Date('2026-11-26T12:00:00Z');
const crlf = (b: Buffer) => Buffer.concat([b, Buffer.from('\r\n')]);
const VALID = [
  doc('interval'),
  doc('heartbeat'),
  doc('a10Answer'),
  doc('a11Answer'),
  crlf(text('aaaTemperature')),
  crlf(text('aaaDecimalVolts')),
  crlf(text('aac')),
  binary('cccOne'),
  binary('cceThreeRecords'),
  binary('cceWifi'),
  binary('cceBleTag'),
  binary('cceImage'),
  encodeMeitrackReport('353358017784062', {
    event: 1,
    time: NOW,
    latitude: 1.5,
    longitude: -2.5,
    cell: { mcc: 1, mnc: 2, lac: 3, cid: 4 },
  }),
];

const fuzz = fuzzHarness({ codec: meitrackCodec, now: NOW });

describe('Meitrack under fuzzing', () => {
  it('never throws on random bytes, and keeps the buffer under its cap', () => {
    fuzz.randomChunks();
  });

  it('never throws on random bytes behind a valid head, text or binary', () => {
    fc.assert(
      fc.property(fc.constantFrom('AAA', 'CCC', 'CCE', 'AFF', 'D00', 'A10'), bytes(300), (command, body) => {
        const f = buildMeitrackPacket(
          '$$',
          'A',
          '353358017784062',
          Buffer.concat([Buffer.from(`${command},`), body]),
        );
        expect(fuzz.run([f], 4096).length).toBeGreaterThanOrEqual(1);
        meitrackCodec.decodeFrame(f, {}, NOW);
      }),
    );
  });

  it('never throws on random report fields', () => {
    const field = fc.oneof(fc.string({ maxLength: 12 }), fc.integer().map(String), fc.double().map(String));
    fc.assert(
      fc.property(fc.array(field, { maxLength: 30 }), (fields) => {
        const f = buildMeitrackPacket('$$', 'A', '353358017784062', `AAA,${fields.join(',')}`);
        const r = meitrackCodec.decodeFrame(f, {}, NOW);
        expect(r.error === undefined || r.messages.length === 0).toBe(true);
      }),
    );
  });

  it('never throws on truncated or mutated real frames', () => {
    fuzz.mutated(VALID, { numRuns: 1000 });
  });

  it('yields the same frames however the stream is split', () => {
    fuzz.splitAnywhere(VALID);
  });

  it('never throws on oversized input', () => {
    const huge = Buffer.concat([
      Buffer.from('$$A1,'),
      Buffer.alloc(70_000, 0x24),
      Buffer.alloc(70_000, 0xff),
    ]);
    expect(fuzz.oversized(huge, 3).messages).toEqual([]);
  });
});
