import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CodecSession, ProtocolCodec } from '../../../server/gateway/codec';
import { buildGt06Packet, gt06Codec } from '../../../server/gateway/gt06';
import { buildJt808Frame, encodeJt808Terminal, jt808Codec } from '../../../server/gateway/jt808';
import { DEFAULT_GATEWAY_OPTIONS } from '../../../server/gateway/runtime/context';
import { GT06, hex, JT808 } from './frames';

/**
 * The fuzz corpus at the edges (issue 10): frames of the largest length a header can declare,
 * and every truncation of every real frame, through the splitter and decoder the gateway uses.
 */
const NOW = new Date('2024-05-06T07:08:09Z');
const MAX_BUFFER = DEFAULT_GATEWAY_OPTIONS.maxBuffer;
const TERMINAL = { terminal: encodeJt808Terminal('13511221122') };
/** Alarm, status, latitude, longitude, altitude, speed, course, BCD time: a 28-byte 0x0200 body. */
const JT808_LOCATION_BODY =
  '00000000' + '00000002' + '01577f40' + '06cb8a50' + '0032' + '0190' + '005a' + '241124102030';

function feed(codec: ProtocolCodec, chunks: Buffer[]) {
  const splitter = codec.createSplitter({ maxBuffer: MAX_BUFFER });
  const session: CodecSession = {};
  const out: { frame: Buffer; ok: boolean }[] = [];
  for (const chunk of chunks) {
    for (const frame of splitter.push(chunk)) {
      const r = codec.decodeFrame(frame, session, NOW);
      out.push({ frame, ok: r.error === undefined });
    }
    expect(splitter.buffered).toBeLessThanOrEqual(MAX_BUFFER);
  }
  return out;
}

const hexOf = (b: Buffer) => b.toString('hex');

describe('frames of the largest declared length', () => {
  it('GT06: a short packet declaring 255 bytes and an extended one at the buffer cap pass whole', () => {
    // Short packets: length byte = protocol + body + serial + CRC = 255.
    const short = buildGt06Packet(0x12, Buffer.alloc(255 - 5, 0x0d), 1);
    expect(short[2]).toBe(255);
    const ext = buildGt06Packet(0x94, Buffer.alloc(MAX_BUFFER - 11, 0x0a), 2, true);
    expect(ext.length).toBe(MAX_BUFFER);
    const out = feed(gt06Codec, [short, ext, hex(GT06.heartbeat)]);
    expect(out.map((o) => hexOf(o.frame))).toEqual([short, ext, hex(GT06.heartbeat)].map(hexOf));
    expect(out.every((o) => o.ok)).toBe(true);
  });

  it('GT06: a header declaring 65,535 bytes is skipped, and the next real frame is found', () => {
    const lie = Buffer.from([0x79, 0x79, 0xff, 0xff, 0x94, 0x01, 0x02]);
    const out = feed(gt06Codec, [lie, Buffer.alloc(300, 0x55), hex(GT06.heartbeat)]);
    expect(out.map((o) => hexOf(o.frame))).toEqual([GT06.heartbeat.toLowerCase()]);
  });

  it('808: a 1,023-byte body (the 10-bit maximum) made only of bytes that must be escaped', () => {
    for (const fill of [0x7e, 0x7d]) {
      const frame = buildJt808Frame(0x0200, Buffer.alloc(0x3ff, fill), TERMINAL, 9);
      expect(frame.length).toBeGreaterThan(2 * 0x3ff);
      const out = feed(jt808Codec, [frame, hex(JT808.heartbeat)]);
      expect(out.map((o) => hexOf(o.frame))).toEqual([frame, hex(JT808.heartbeat)].map(hexOf));
      expect(out.every((o) => o.ok)).toBe(true);
    }
  });

  it('808: a header declaring more body than the frame holds decodes what is there, or is an error', () => {
    const lying = buildJt808Frame(0x0200, hex(JT808_LOCATION_BODY), TERMINAL, 3);
    // Body length 0x3ff in the properties word (frame bytes 3 and 4); the check byte then
    // no longer matches, which the decoder reports and tolerates.
    lying[3] |= 0x03;
    lying[4] = 0xff;
    expect(jt808Codec.decodeFrame(lying, {}, NOW).messages[0]).toMatchObject({ type: 'location' });
    const cut = buildJt808Frame(0x0200, hex(JT808_LOCATION_BODY).subarray(0, 20), TERMINAL, 4);
    cut[3] |= 0x03;
    cut[4] = 0xff;
    const r = jt808Codec.decodeFrame(cut, {}, NOW);
    expect(r.messages).toEqual([]);
    expect(r.error).toBeTruthy();
  });
});

describe('truncated frames', () => {
  const cases: [string, ProtocolCodec, Buffer[]][] = [
    ['gt06', gt06Codec, Object.values(GT06).map(hex)],
    ['jt808', jt808Codec, Object.values(JT808).map(hex)],
  ];

  it.each(cases)(
    '%s: every prefix of every real frame decodes to an error or nothing',
    (_n, codec, frames) => {
      for (const f of frames)
        for (let n = 0; n < f.length; n++) {
          const r = codec.decodeFrame(f.subarray(0, n), {}, NOW);
          expect(r.error === undefined || r.messages.length === 0).toBe(true);
        }
    },
  );

  it.each(cases)(
    '%s: a connection that sends a cut frame then real ones gets the real ones',
    (_n, codec, frames) => {
      const good = frames[0];
      fc.assert(
        fc.property(fc.constantFrom(...frames), fc.nat(), (f, at) => {
          const cutFrame = f.subarray(0, 1 + (at % (f.length - 1)));
          // The cut frame may swallow the start of the next one while its declared length is
          // waited for; the frames after that must come through.
          const out = feed(codec, [cutFrame, good, good, good]);
          const real = out.filter((o) => hexOf(o.frame) === hexOf(good));
          expect(real.length).toBeGreaterThanOrEqual(2);
        }),
        { numRuns: 300 },
      );
    },
  );
});
