import { describe, expect, it } from 'vitest';
import type { FrameSplitter } from '../../../server/gateway/codec';
import { createGt06Splitter, encodeGt06Ack } from '../../../server/gateway/gt06';
import { createJt808Splitter } from '../../../server/gateway/jt808';
import { GT06, hex, JT808 } from './frames';

const feed = (splitter: FrameSplitter, ...chunks: Buffer[]) =>
  chunks.flatMap((c) => splitter.push(c)).map((f) => f.toString('hex'));
const lower = (s: string) => s.toLowerCase();

describe('GT06 splitter', () => {
  const frames = [GT06.login, GT06.location12, GT06.heartbeat, GT06.stringInfoUtf16].map(lower);
  const stream = hex(frames.join(''));

  it('splits coalesced frames', () => {
    expect(feed(createGt06Splitter(), stream)).toEqual(frames);
  });

  it('joins a frame fed byte by byte', () => {
    const splitter = createGt06Splitter();
    const out = feed(splitter, ...Array.from(stream, (b) => Buffer.of(b)));
    expect(out).toEqual(frames);
    expect(splitter.buffered).toBe(0);
  });

  it('skips garbage and resyncs on the next start mark', () => {
    const splitter = createGt06Splitter();
    expect(feed(splitter, hex('00ff7812340d0a78'), hex(frames[0]).subarray(1), hex(frames[1]))).toEqual(
      frames.slice(0, 2),
    );
    expect(splitter.droppedBytes).toBe(7);
  });

  it('falls back to 0D0A when the declared length is wrong', () => {
    const out = feed(createGt06Splitter(), hex(GT06.wrongLength + GT06.zeroLength + GT06.heartbeat));
    expect(out).toEqual([GT06.wrongLength, GT06.zeroLength, GT06.heartbeat].map(lower));
  });

  it('does not let a false start mark swallow the next real frame', () => {
    // 78 78 06 claims 11 bytes; the real login starts before any 0D0A.
    const out = feed(createGt06Splitter(), hex('787806aabb' + lower(GT06.login)));
    expect(out).toEqual([lower(GT06.login)]);
  });

  it('keeps the buffer under its cap when a frame never ends', () => {
    const splitter = createGt06Splitter({ maxBuffer: 256 });
    const junk = Buffer.alloc(10_000, 0x11);
    junk[0] = junk[1] = 0x79; // 0x7979 with a 0x1111-byte length: longer than the cap
    expect(feed(splitter, junk, hex(frames[0]))).toEqual([frames[0]]);
    expect(splitter.buffered).toBeLessThanOrEqual(256);
  });

  it('refuses a cap too small to hold a frame', () => {
    expect(() => createGt06Splitter({ maxBuffer: 10 })).toThrow(RangeError);
  });

  it('splits the acks the server builds', () => {
    const acks = [encodeGt06Ack(1, 1), encodeGt06Ack(0x13, 2)];
    expect(feed(createGt06Splitter(), Buffer.concat(acks))).toEqual(acks.map((a) => a.toString('hex')));
  });
});

describe('JT/T 808 splitter', () => {
  const frames = [JT808.register, JT808.location, JT808.heartbeat, JT808.batchBlind].map(lower);
  const stream = hex(frames.join(''));

  it('splits coalesced frames and joins split ones', () => {
    expect(feed(createJt808Splitter(), stream)).toEqual(frames);
    expect(feed(createJt808Splitter(), ...Array.from(stream, (b) => Buffer.of(b)))).toEqual(frames);
  });

  it('skips bytes before the first 7E', () => {
    expect(feed(createJt808Splitter(), hex('2424' + frames[2]))).toEqual([frames[2]]);
  });

  it('treats a too-short 7E pair as a lost end and a new start', () => {
    // A stray closing 7E from a lost frame, then junk, then a real frame.
    expect(feed(createJt808Splitter(), hex('7e0102' + frames[2]))).toEqual([frames[2]]);
    expect(feed(createJt808Splitter(), hex('7e7e' + frames[2]))).toEqual([frames[2]]);
  });

  it('drops an unterminated frame once it outgrows the cap', () => {
    const splitter = createJt808Splitter({ maxBuffer: 128 });
    const open = Buffer.concat([hex('7e'), Buffer.alloc(1000, 0x30)]);
    expect(feed(splitter, open)).toEqual([]);
    expect(splitter.buffered).toBeLessThanOrEqual(128);
    expect(feed(splitter, hex(frames[2]))).toEqual([frames[2]]);
    splitter.reset();
    expect(splitter.buffered).toBe(0);
  });
});
