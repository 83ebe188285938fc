import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CodecSession } from '../../../server/gateway/codec';
import {
  tk103AlarmFrame,
  tk103Codec,
  tk103LoginFrame,
  tk103PositionFrame,
} from '../../../server/gateway/tk103';
import { TK103_DOC, TK103_TRACCAR_CORPUS, tk103 } from './tk103-frames';

const NOW = new Date('2026-01-01T00:00:00Z');
const POSITION = {
  time: NOW,
  latitude: -33.9,
  longitude: 151.2,
  speed: 50,
  course: 90,
  acc: true,
  mileageKm: 12,
};
const VALID = [
  ...TK103_TRACCAR_CORPUS.map(([, text]) => tk103(text)),
  ...Object.values(TK103_DOC).map(tk103),
  tk103PositionFrame('013612345678', POSITION),
  tk103AlarmFrame('013612345678', '2', POSITION),
  tk103LoginFrame('864768011069660', POSITION),
];
/** Bytes a TK103 stream is made of, so random data often looks like frames. */
const ALPHABET = [...'()$,0123456789ABCDEFLNSWVZRPOQ.:*{}\n '].map((c) => c.charCodeAt(0));
const textish = (max: number) =>
  fc
    .array(fc.oneof(fc.constantFrom(...ALPHABET), fc.integer({ min: 0, max: 255 })), { maxLength: max })
    .map((a) => Buffer.from(a));

/** Splitter plus decoder over a chunked stream; any exception fails the property. */
function run(chunks: Buffer[], maxBuffer = 1024): Buffer[] {
  const splitter = tk103Codec.createSplitter({ maxBuffer });
  const session: CodecSession = {};
  const frames: Buffer[] = [];
  for (const chunk of chunks) {
    for (const frame of splitter.push(chunk)) {
      frames.push(frame);
      const result = tk103Codec.decodeFrame(frame, session, NOW);
      expect(result.error === undefined || result.messages.length === 0).toBe(true);
      for (const m of result.messages) expect(m.deviceId).toBe(session.deviceId);
    }
    expect(splitter.buffered).toBeLessThanOrEqual(maxBuffer);
  }
  return frames;
}

describe('TK103 under fuzzing', () => {
  it('never throws on random bytes, and keeps the buffer under its cap', () => {
    fc.assert(fc.property(fc.array(textish(600), { maxLength: 8 }), (chunks) => void run(chunks, 256)));
  });

  it('never throws on random bodies behind a real head', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(
          '013612345678BR00',
          '013612345678BO01',
          '864768011069660,DW51,',
          '027046434858BZ00,',
          '007030201454BS50',
          '007030201454BS51',
        ),
        textish(300),
        (head, body) => {
          const f = Buffer.concat([tk103(`(${head}`), body, tk103(')')]);
          run([f], 4096);
          tk103Codec.decodeFrame(f, {}, NOW);
        },
      ),
    );
  });

  it('never throws on truncated or mutated real frames', () => {
    const mutated = fc
      .tuple(
        fc.constantFrom(...VALID),
        fc.array(
          fc.tuple(fc.nat(), fc.oneof(fc.constantFrom(...ALPHABET), fc.integer({ min: 0, max: 255 }))),
          { maxLength: 6 },
        ),
        fc.nat(),
      )
      .map(([f, edits, keep]) => {
        const copy = Buffer.from(f);
        for (const [at, value] of edits) copy[at % copy.length] = value;
        return copy.subarray(0, 1 + (keep % copy.length));
      });
    fc.assert(
      fc.property(mutated, (f) => {
        const result = tk103Codec.decodeFrame(f, {}, NOW);
        expect(result.error === undefined || result.messages.length === 0).toBe(true);
        run([f]);
      }),
    );
  });

  it('finds every real frame again in a stream cut at random places', () => {
    const stream = Buffer.concat(VALID);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: stream.length }), { maxLength: 20 }), (cuts) => {
        const points = [...new Set(cuts)].sort((a, b) => a - b);
        const chunks = [0, ...points].map((from, i) => stream.subarray(from, points[i] ?? stream.length));
        expect(run(chunks, 8192)).toEqual(VALID);
      }),
    );
  });
});
