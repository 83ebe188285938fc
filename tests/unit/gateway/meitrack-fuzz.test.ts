import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CodecSession } from '../../../server/gateway/codec';
import { buildMeitrackPacket, encodeMeitrackReport, meitrackCodec } from '../../../server/gateway/meitrack';
import { binary, doc, text } from './meitrack-frames';

const NOW = new Date('2026-11-26T12:00:00Z');
const bytes = (max = 600) => fc.uint8Array({ maxLength: max, size: 'max' }).map((a) => Buffer.from(a));
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

/** Splitter plus decoder over a chunked stream; any exception fails the property. */
function run(chunks: Buffer[], maxBuffer = 1024): Buffer[] {
  const splitter = meitrackCodec.createSplitter({ maxBuffer });
  const session: CodecSession = {};
  const frames: Buffer[] = [];
  for (const chunk of chunks) {
    for (const frame of splitter.push(chunk)) {
      frames.push(frame);
      const result = meitrackCodec.decodeFrame(frame, session, NOW);
      expect(result.error === undefined || result.messages.length === 0).toBe(true);
    }
    expect(splitter.buffered).toBeLessThanOrEqual(maxBuffer);
  }
  return frames;
}

describe('Meitrack under fuzzing', () => {
  it('never throws on random bytes, and keeps the buffer under its cap', () => {
    fc.assert(fc.property(fc.array(bytes(), { maxLength: 8 }), (chunks) => void run(chunks, 256)));
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
        expect(run([f], 4096).length).toBeGreaterThanOrEqual(1);
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
    const mutated = fc
      .tuple(
        fc.constantFrom(...VALID),
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
        const result = meitrackCodec.decodeFrame(f, {}, NOW);
        expect(result.error === undefined || result.messages.length === 0).toBe(true);
        run([f]);
      }),
      { numRuns: 1000 },
    );
  });

  it('yields the same frames however the stream is split', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...VALID), { minLength: 1, maxLength: 6 }),
        fc.array(fc.nat(), { maxLength: 12 }),
        (list, points) => {
          const stream = Buffer.concat(list);
          const at = [...new Set(points.map((p) => p % (stream.length + 1)))].sort((a, b) => a - b);
          const chunks = [...at, stream.length].map((end, i, all) =>
            stream.subarray(i ? all[i - 1] : 0, end),
          );
          expect(run(chunks, 4096).map((f) => f.toString('hex'))).toEqual(list.map((f) => f.toString('hex')));
        },
      ),
    );
  });

  it('never throws on oversized input', () => {
    const huge = Buffer.concat([
      Buffer.from('$$A1,'),
      Buffer.alloc(70_000, 0x24),
      Buffer.alloc(70_000, 0xff),
    ]);
    expect(() => run([huge, huge.subarray(3)], 512)).not.toThrow();
    expect(meitrackCodec.decodeFrame(huge, {}, NOW).messages).toEqual([]);
  });
});
