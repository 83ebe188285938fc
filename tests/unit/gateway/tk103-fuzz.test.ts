import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  tk103AlarmFrame,
  tk103Codec,
  tk103LoginFrame,
  tk103PositionFrame,
} from '../../../server/gateway/tk103';
import { cut, fuzzHarness } from './fuzz-support';
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
const textByte = fc.oneof(fc.constantFrom(...ALPHABET), fc.integer({ min: 0, max: 255 }));
const textish = (max: number) => fc.array(textByte, { maxLength: max }).map((a) => Buffer.from(a));

// Every message names the device its stream logged in as.
const fuzz = fuzzHarness({
  codec: tk103Codec,
  now: NOW,
  check: (m, session) => expect(m.deviceId).toBe(session.deviceId),
});

describe('TK103 under fuzzing', () => {
  it('never throws on random bytes, and keeps the buffer under its cap', () => {
    fuzz.randomChunks(textish(600));
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
          fuzz.run([f], 4096);
          tk103Codec.decodeFrame(f, {}, NOW);
        },
      ),
    );
  });

  it('never throws on truncated or mutated real frames', () => {
    fuzz.mutated(VALID, { byte: textByte });
  });

  it('finds every real frame again in a stream cut at random places', () => {
    const stream = Buffer.concat(VALID);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: stream.length }), { maxLength: 20 }), (cuts) => {
        expect(fuzz.run(cut(stream, cuts), 8192)).toEqual(VALID);
      }),
    );
  });
});
