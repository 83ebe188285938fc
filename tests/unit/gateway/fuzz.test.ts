import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LocationMessage, ProtocolCodec } from '../../../server/gateway/codec';
import { buildGt06Packet, gt06Codec, parseGt06Frame } from '../../../server/gateway/gt06';
import { buildJt808Frame, jt808Codec, parseJt808Frame } from '../../../server/gateway/jt808';
import { GT06, hex, JT808 } from './frames';
import { bytes, fuzzHarness } from './fuzz-support';

const NOW = new Date('2024-05-06T07:08:09Z');
const CODECS: Array<[string, ProtocolCodec, Buffer[]]> = [
  ['gt06', gt06Codec, Object.values(GT06).map(hex)],
  ['jt808', jt808Codec, Object.values(JT808).map(hex)],
];

describe.each(CODECS)('%s under fuzzing', (_name, codec, valid) => {
  const frame = fc.constantFrom(...valid);
  const fuzz = fuzzHarness({ codec, now: NOW });

  it('never throws on random bytes, and keeps the buffer under its cap', () => {
    fuzz.randomChunks();
  });

  it('never throws on truncated or mutated real frames', () => {
    fuzz.mutated(valid, { numRuns: 500 });
  });

  it('never throws on oversized input', () => {
    const huge = Buffer.concat([
      Buffer.alloc(70_000, 0x7e),
      Buffer.alloc(70_000, 0x78),
      Buffer.alloc(70_000, 0x79),
    ]);
    expect(fuzz.oversized(huge, 1).messages).toEqual([]);
  });

  it('yields the same frames however the stream is split', () => {
    fuzz.splitAnywhere(valid);
  });

  it('finds the real frames again after leading garbage without start marks', () => {
    // Start marks: GT06 78 78 / 79 79, 808 7E, and '(' of the Jointech text lines the 808 splitter also cuts.
    const marks = [0x78, 0x79, 0x7e, 0x28];
    const noMarks = bytes(100).map((b) => b.filter((x) => !marks.includes(x)));
    fc.assert(
      fc.property(noMarks, fc.array(frame, { minLength: 1, maxLength: 3 }), (junk, list) => {
        const out = fuzz.run([Buffer.concat([Buffer.from(junk), ...list])], 4096);
        expect(out.map((f) => f.toString('hex'))).toEqual(list.map((f) => f.toString('hex')));
      }),
    );
  });
});

describe('round trips', () => {
  it('GT06 packets carry any body with a valid CRC', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 255 }),
        bytes(240),
        fc.integer({ min: 0, max: 0xffff }),
        fc.boolean(),
        (p, body, serial, ext) => {
          const parsed = parseGt06Frame(buildGt06Packet(p, body, serial, ext));
          expect(parsed).toMatchObject({ protocol: p, serial, crcOk: true, extended: ext });
          expect(parsed.body.equals(body)).toBe(true);
        },
      ),
    );
  });

  it('808 frames carry any body through escaping', () => {
    const terminal = fc.uint8Array({ minLength: 6, maxLength: 6 }).map((a) => Buffer.from(a));
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 0xffff }),
        bytes(1023),
        terminal,
        fc.integer({ min: 0, max: 0xffff }),
        (id, body, t, serial) => {
          const parsed = parseJt808Frame(buildJt808Frame(id, body, { terminal: t }, serial));
          expect(parsed.checkOk).toBe(true);
          expect(parsed.header).toMatchObject({ messageId: id, serial, bodyLength: body.length });
          expect(parsed.body.equals(body)).toBe(true);
        },
      ),
    );
  });

  it('GT06 locations decode to the fields they were built from', () => {
    const fix = fc.record({
      date: fc.date({
        min: new Date('2000-01-01T00:00:00Z'),
        max: new Date('2099-12-31T23:59:59Z'),
        noInvalidDate: true,
      }),
      lat: fc.integer({ min: 0, max: 90 * 1_800_000 }),
      lon: fc.integer({ min: 0, max: 180 * 1_800_000 }),
      speed: fc.integer({ min: 0, max: 255 }),
      course: fc.integer({ min: 0, max: 359 }),
      north: fc.boolean(),
      west: fc.boolean(),
      valid: fc.boolean(),
    });
    fc.assert(
      fc.property(fix, (f) => {
        const d = new Date(Math.floor(f.date.getTime() / 1000) * 1000);
        const body = Buffer.alloc(18);
        body.set([
          d.getUTCFullYear() - 2000,
          d.getUTCMonth() + 1,
          d.getUTCDate(),
          d.getUTCHours(),
          d.getUTCMinutes(),
          d.getUTCSeconds(),
          0xc7,
        ]);
        body.writeUInt32BE(f.lat, 7);
        body.writeUInt32BE(f.lon, 11);
        body[15] = f.speed;
        body.writeUInt16BE(
          f.course | (f.north ? 0x400 : 0) | (f.west ? 0x800 : 0) | (f.valid ? 0x1000 : 0),
          16,
        );
        const msg = gt06Codec.decodeFrame(buildGt06Packet(0x10, body, 1), {}, NOW)
          .messages[0] as LocationMessage;
        expect(msg.time.getTime()).toBe(d.getTime());
        expect(msg).toMatchObject({ valid: f.valid, speed: f.speed, course: f.course, satellites: 7 });
        expect(msg.latitude).toBeCloseTo(((f.north ? 1 : -1) * f.lat) / 1_800_000, 6);
        expect(msg.longitude).toBeCloseTo(((f.west ? -1 : 1) * f.lon) / 1_800_000, 6);
      }),
    );
  });
});
