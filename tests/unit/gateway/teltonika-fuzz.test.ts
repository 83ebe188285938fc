import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CodecSession } from '../../../server/gateway/codec';
import {
  buildTeltonikaHandshake,
  encodeTeltonikaAvl,
  encodeTeltonikaResponse,
  ioElement,
  teltonikaCodec,
} from '../../../server/gateway/teltonika';
import { wiki } from './teltonika-frames';

const NOW = new Date('2026-01-01T00:00:00Z');
const bytes = (max = 600) => fc.uint8Array({ maxLength: max, size: 'max' }).map((a) => Buffer.from(a));
const VALID = [
  wiki('handshake'),
  wiki('codec8'),
  wiki('codec8e'),
  wiki('getinfoReply'),
  buildTeltonikaHandshake('123456789012345'),
  encodeTeltonikaAvl(
    [{ time: NOW, latitude: -33.9, longitude: 151.2, satellites: 7, io: [ioElement(247, 1, 1), ioElement(16, 4, 123)] }],
    'codec8',
  ),
  encodeTeltonikaAvl([{ time: NOW, latitude: 1, longitude: 2, io: [{ id: 300, value: Buffer.from('abcdef', 'hex') }] }], 'codec8e'),
  encodeTeltonikaAvl([{ time: NOW, latitude: 1, longitude: 2, io: [ioElement(700, 2, 5)] }], 'codec16'),
  encodeTeltonikaResponse('OK'),
];

/** Splitter plus decoder over a chunked stream; any exception fails the property. */
function run(chunks: Buffer[], maxBuffer = 1024): Buffer[] {
  const splitter = teltonikaCodec.createSplitter({ maxBuffer });
  const session: CodecSession = { deviceId: '356307042441013' };
  const frames: Buffer[] = [];
  for (const chunk of chunks) {
    for (const frame of splitter.push(chunk)) {
      frames.push(frame);
      const result = teltonikaCodec.decodeFrame(frame, session, NOW);
      expect(result.error === undefined || result.messages.length === 0).toBe(true);
    }
    expect(splitter.buffered).toBeLessThanOrEqual(maxBuffer);
  }
  return frames;
}

describe('Teltonika under fuzzing', () => {
  it('never throws on random bytes, and keeps the buffer under its cap', () => {
    fc.assert(fc.property(fc.array(bytes(), { maxLength: 8 }), (chunks) => void run(chunks, 256)));
  });

  it('never throws on random bytes behind a valid preamble and length', () => {
    fc.assert(
      fc.property(bytes(300), (body) => {
        const head = Buffer.alloc(8);
        head.writeUInt32BE(body.length, 4);
        const f = Buffer.concat([head, body, Buffer.alloc(4)]);
        expect(run([f], 4096).length).toBeLessThanOrEqual(1);
        teltonikaCodec.decodeFrame(f, {}, NOW);
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
        const result = teltonikaCodec.decodeFrame(f, {}, NOW);
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
          const chunks = [...at, stream.length].map((end, i, all) => stream.subarray(i ? all[i - 1] : 0, end));
          expect(run(chunks, 4096).map((f) => f.toString('hex'))).toEqual(list.map((f) => f.toString('hex')));
        },
      ),
    );
  });

  it('never throws on oversized input', () => {
    const huge = Buffer.concat([Buffer.alloc(70_000, 0), Buffer.alloc(70_000, 0xff)]);
    expect(() => run([huge, huge.subarray(3)], 512)).not.toThrow();
    expect(teltonikaCodec.decodeFrame(huge, {}, NOW).messages).toEqual([]);
  });
});
