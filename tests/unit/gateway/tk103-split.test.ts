import { describe, expect, it } from 'vitest';
import { createTk103Splitter, tk103Codec, TK103_MAX_FRAME } from '../../../server/gateway/tk103';
import { TK103_DOC, TK103_STREAMS, TK103_TRACCAR as T, tk103 } from './tk103-frames';

const text = (frames: Buffer[]) => frames.map((f) => f.toString('latin1'));

function pushAll(chunks: Buffer[], maxBuffer?: number) {
  const splitter = createTk103Splitter(maxBuffer ? { maxBuffer } : {});
  const frames: Buffer[] = [];
  for (const c of chunks) frames.push(...splitter.push(c));
  return { frames: text(frames), splitter };
}

describe('TK103 splitter', () => {
  const frames = [T.br00Southern, T.zc03Lines, T.bz00Braced, TK103_DOC.login, T.bp00Short];
  const stream = tk103(frames.join('\r\n'));

  it('cuts the same frames at every split point', () => {
    for (let cut = 0; cut <= stream.length; cut++) {
      const { frames: out, splitter } = pushAll([stream.subarray(0, cut), stream.subarray(cut)]);
      expect(out).toEqual(frames);
      expect(splitter.buffered).toBe(0);
    }
  });

  it('cuts the same frames byte by byte, skipping line ends between frames', () => {
    const { frames: out, splitter } = pushAll([...stream].map((b) => Buffer.from([b])));
    expect(out).toEqual(frames);
    // The four CR LF pairs between the frames.
    expect(splitter.droppedBytes).toBe(8);
  });

  it("cuts Traccar's frame decoder streams: back to back, garbage first, ) in free text", () => {
    const [dw3b, zc20] = TK103_STREAMS.twoFrames.split(')(').map((s, i) => (i ? `(${s}` : `${s})`));
    expect(pushAll([tk103(TK103_STREAMS.twoFrames)]).frames).toEqual([dw3b, zc20]);
    const garbage = pushAll([tk103(TK103_STREAMS.garbageFirst)]);
    expect(garbage.frames).toEqual([dw3b, zc20]);
    expect(garbage.splitter.droppedBytes).toBe('garbage%@#*^$-+<>?$)))$$--'.length);
    const free = pushAll([tk103(TK103_STREAMS.freeText)]).frames;
    expect(free).toHaveLength(2);
    expect(free[0]).toMatch(/^\(86475555555,ZC03,.*11:17\)\$\)$/s);
    expect(free[1]).toBe(zc20);
    const reply = tk103Codec.decodeFrame(tk103(free[0]), {});
    expect(reply.messages[0]).toMatchObject({
      type: 'commandReply',
      text: expect.stringContaining('V2.000,2016/08/23 11:17)'),
    });
  });

  it('drops a frame cut off by a new one and resyncs on the new (', () => {
    const out = pushAll([tk103(`(013612345678BR00130520A34${T.bp00Short}`)]);
    expect(out.frames).toEqual([T.bp00Short]);
    expect(out.splitter.droppedBytes).toBe('(013612345678BR00130520A34'.length);
  });

  it('keeps its buffer under the cap when a frame never closes', () => {
    const splitter = createTk103Splitter({ maxBuffer: 256 });
    const open = tk103(`(013612345678BR00${'0'.repeat(1000)}`);
    for (let at = 0; at < open.length; at += 100) {
      splitter.push(open.subarray(at, at + 100));
      expect(splitter.buffered).toBeLessThanOrEqual(256);
    }
    // Once the stream carries a whole frame again, it comes out.
    expect(text(splitter.push(tk103(T.bp00Short)))).toEqual([T.bp00Short]);
    expect(splitter.droppedBytes).toBe(open.length);
  });

  it('gives up on free text that never closes, at the frame cap', () => {
    const splitter = createTk103Splitter();
    const unclosed = tk103(`(864555555555555,ZC03,191117,234207,$${'x)'.repeat(TK103_MAX_FRAME)}`);
    expect(splitter.push(unclosed)).toEqual([]);
    expect(splitter.buffered).toBeLessThanOrEqual(TK103_MAX_FRAME);
  });
});
