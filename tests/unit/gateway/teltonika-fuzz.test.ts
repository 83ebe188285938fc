import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildTeltonikaHandshake,
  encodeTeltonikaAvl,
  encodeTeltonikaResponse,
  ioElement,
  teltonikaCodec,
} from '../../../server/gateway/teltonika';
import { bytes, fuzzHarness } from './fuzz-support';
import { wiki } from './teltonika-frames';

const NOW = new Date('2026-01-01T00:00:00Z');
const VALID = [
  wiki('handshake'),
  wiki('codec8'),
  wiki('codec8e'),
  wiki('getinfoReply'),
  buildTeltonikaHandshake('123456789012345'),
  encodeTeltonikaAvl(
    [
      {
        time: NOW,
        latitude: -33.9,
        longitude: 151.2,
        satellites: 7,
        io: [ioElement(247, 1, 1), ioElement(16, 4, 123)],
      },
    ],
    'codec8',
  ),
  encodeTeltonikaAvl(
    [{ time: NOW, latitude: 1, longitude: 2, io: [{ id: 300, value: Buffer.from('abcdef', 'hex') }] }],
    'codec8e',
  ),
  encodeTeltonikaAvl([{ time: NOW, latitude: 1, longitude: 2, io: [ioElement(700, 2, 5)] }], 'codec16'),
  encodeTeltonikaResponse('OK'),
];
// AVL frames come after the handshake: the stream's session already knows its IMEI.
const fuzz = fuzzHarness({
  codec: teltonikaCodec,
  now: NOW,
  session: () => ({ deviceId: '356307042441013' }),
});

describe('Teltonika under fuzzing', () => {
  it('never throws on random bytes, and keeps the buffer under its cap', () => {
    fuzz.randomChunks();
  });

  it('never throws on random bytes behind a valid preamble and length', () => {
    fc.assert(
      fc.property(bytes(300), (body) => {
        const head = Buffer.alloc(8);
        head.writeUInt32BE(body.length, 4);
        const f = Buffer.concat([head, body, Buffer.alloc(4)]);
        expect(fuzz.run([f], 4096).length).toBeLessThanOrEqual(1);
        teltonikaCodec.decodeFrame(f, {}, NOW);
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
    const huge = Buffer.concat([Buffer.alloc(70_000, 0), Buffer.alloc(70_000, 0xff)]);
    expect(fuzz.oversized(huge, 3).messages).toEqual([]);
  });
});
