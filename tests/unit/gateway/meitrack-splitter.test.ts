import { describe, expect, it } from 'vitest';
import { createMeitrackSplitter, meitrackCodec } from '../../../server/gateway/meitrack';
import { binary, doc, text } from './meitrack-frames';

/** Traccar's text frames come without CR LF; on the wire every packet ends with one. */
const wire = (b: Buffer) =>
  b.subarray(-2).toString('latin1') === '\r\n' ? b : Buffer.concat([b, Buffer.from('\r\n')]);

const STREAM = [
  doc('interval'),
  binary('cceThreeRecords'),
  wire(text('aaaPowerOn')),
  binary('cccOne'),
  wire(text('aac')),
  binary('cceImage'),
  doc('a12Answer'),
];

const hex = (frames: Buffer[]) => frames.map((f) => f.toString('hex'));

describe('Meitrack splitter', () => {
  it('cuts the same packets at every split point of the stream', () => {
    const stream = Buffer.concat(STREAM);
    for (let at = 0; at <= stream.length; at++) {
      const s = createMeitrackSplitter();
      const frames = [...s.push(stream.subarray(0, at)), ...s.push(stream.subarray(at))];
      expect(hex(frames), `split at ${at}`).toEqual(hex(STREAM));
      expect(s.buffered).toBe(0);
    }
  });

  it('cuts the same packets fed byte by byte', () => {
    const s = createMeitrackSplitter();
    const frames: Buffer[] = [];
    for (const b of Buffer.concat(STREAM)) frames.push(...s.push(Buffer.from([b])));
    expect(hex(frames)).toEqual(hex(STREAM));
  });

  it('frames text packets by their CR LF even when the length field is wrong', () => {
    // Traccar's D82 answer says 28 where it has 27 bytes; the AAA with \r\n says 140 for 140.
    const miscounted = wire(text('d82Answer'));
    const s = createMeitrackSplitter();
    expect(hex(s.push(Buffer.concat([miscounted, doc('sos')])))).toEqual(hex([miscounted, doc('sos')]));
  });

  it('closes a text packet that lost its CR LF at the next packet', () => {
    const bare = text('aaaSos');
    const s = createMeitrackSplitter();
    expect(hex(s.push(Buffer.concat([bare, doc('sos')])))).toEqual(hex([bare, doc('sos')]));
  });

  it('skips garbage between packets and counts it', () => {
    const junk = Buffer.from('\x00\xff$garbage$$ nope\r\n@@', 'latin1');
    const s = createMeitrackSplitter();
    const frames = s.push(Buffer.concat([junk, doc('interval'), junk, binary('cccOne'), junk, doc('sos')]));
    expect(hex(frames)).toEqual(hex([doc('interval'), binary('cccOne'), doc('sos')]));
    expect(s.droppedBytes).toBeGreaterThanOrEqual(junk.length * 2);
    for (const f of frames) expect(meitrackCodec.decodeFrame(f, {}).error).toBeUndefined();
  });

  it('never holds more than maxBuffer, and recovers after an endless packet', () => {
    const s = createMeitrackSplitter({ maxBuffer: 256 });
    const endless = Buffer.concat([Buffer.from('$$A99,353358017784062,AAA,'), Buffer.alloc(2000, 0x31)]);
    for (let at = 0; at < endless.length; at += 100) {
      expect(s.push(endless.subarray(at, at + 100))).toEqual([]);
      expect(s.buffered).toBeLessThanOrEqual(256);
    }
    expect(hex(s.push(doc('sos')))).toEqual(hex([doc('sos')]));
  });

  it('skips a binary packet whose length does not fit the buffer', () => {
    const s = createMeitrackSplitter({ maxBuffer: 128 });
    const huge = Buffer.from('$$A99999,353358017784062,CCE,', 'latin1');
    expect(s.push(Buffer.concat([huge, doc('a12Answer')])).map((f) => f.toString('latin1'))).toEqual([
      doc('a12Answer').toString('latin1'),
    ]);
    expect(s.droppedBytes).toBe(huge.length);
  });

  it('resets its buffer', () => {
    const s = createMeitrackSplitter();
    s.push(doc('sos').subarray(0, 20));
    expect(s.buffered).toBe(20);
    s.reset();
    expect(s.buffered).toBe(0);
  });
});
