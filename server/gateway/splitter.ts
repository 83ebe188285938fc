/** The resyncing, capped stream splitter both protocols' framing builds on. */
import type { FrameSplitter } from './codec';

/** What a protocol's scanner found at the head of the buffered bytes. */
export type ScanResult =
  | { kind: 'frame'; end: number } // bytes [0, end) are one frame
  | { kind: 'skip'; count: number } // the first `count` bytes are garbage
  | { kind: 'wait' }; // the buffer starts a frame that is not complete yet

/**
 * Stream splitter shared by both protocols; each supplies only `scan`, which looks at the head
 * of the buffer. The splitter owns the buffer cap: a frame that would grow past `maxBuffer`
 * loses its first byte, and the scanner then resyncs on the next start mark, so a device
 * sending garbage cannot grow memory or stall the connection.
 */
export class ScanningSplitter implements FrameSplitter {
  private buf: Buffer = Buffer.alloc(0);
  private dropped = 0;

  constructor(
    private readonly scan: (buf: Buffer) => ScanResult,
    readonly maxBuffer: number,
  ) {
    if (!(maxBuffer >= 64)) throw new RangeError('maxBuffer must be at least 64 bytes');
  }

  get buffered(): number {
    return this.buf.length;
  }

  get droppedBytes(): number {
    return this.dropped;
  }

  reset(): void {
    this.buf = Buffer.alloc(0);
  }

  push(chunk: Buffer): Buffer[] {
    const frames: Buffer[] = [];
    // Feed huge chunks in slices so the working buffer stays within twice the cap.
    for (let at = 0; at < chunk.length; at += this.maxBuffer) {
      const piece = chunk.subarray(at, at + this.maxBuffer);
      this.buf = this.buf.length ? Buffer.concat([this.buf, piece]) : Buffer.from(piece);
      this.drain(frames);
    }
    return frames;
  }

  private drain(frames: Buffer[]): void {
    while (this.buf.length > 0) {
      const found = this.scan(this.buf);
      if (found.kind === 'frame') {
        frames.push(Buffer.from(this.buf.subarray(0, found.end)));
        this.buf = this.buf.subarray(found.end);
      } else if (found.kind === 'skip') {
        this.drop(Math.max(1, found.count));
      } else if (this.buf.length > this.maxBuffer) {
        this.drop(1);
      } else {
        break;
      }
    }
    // Keep a private copy so the caller's (often pooled) chunk memory is not retained.
    this.buf = Buffer.from(this.buf);
  }

  private drop(count: number): void {
    const n = Math.min(count, this.buf.length);
    this.dropped += n;
    this.buf = this.buf.subarray(n);
  }
}
