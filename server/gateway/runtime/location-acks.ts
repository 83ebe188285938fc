/**
 * The location acks of one connection that wait for their positions to be stored. A tracker
 * may delete a fix once it is acked, so the ack leaves only after every position of its frame
 * is committed; acks leave in frame order (a later frame's ack waits for an earlier one's, even
 * if its batch committed first). Replies to frames without positions do not queue here: they
 * may overtake a waiting location ack, which is harmless since trackers match each ack by the
 * protocol number and serial (GT06) or the answered serial and message id (JT/T 808).
 */
export class LocationAcks {
  /** Waiting acks, oldest first; `first` indexes the head so releasing is not an array shift. */
  private waiting: Pending[] = [];
  private first = 0;
  private corked = false;

  constructor(
    private readonly send: (bytes: Buffer) => void,
    private readonly cork: () => void,
    private readonly uncork: () => void,
  ) {}

  get size(): number {
    return this.waiting.length - this.first;
  }

  /**
   * Queues the ack of a frame with `positions` records; the returned callback is each record's
   * `onStored`. One closure per frame, shared by its records.
   */
  expect(bytes: Buffer, positions: number): () => void {
    const entry: Pending = { bytes, left: positions };
    this.waiting.push(entry);
    return () => {
      if (--entry.left === 0) this.release();
    };
  }

  /** The connection closed: acks not sent are dropped (the tracker resends those fixes). */
  clear() {
    this.waiting = [];
    this.first = 0;
  }

  private release() {
    while (this.first < this.waiting.length && this.waiting[this.first].left <= 0) {
      // Every ack released in this commit round goes out in one write.
      if (!this.corked) {
        this.corked = true;
        this.cork();
        process.nextTick(() => {
          this.corked = false;
          this.uncork();
        });
      }
      this.send(this.waiting[this.first++].bytes);
    }
    if (this.first === this.waiting.length) this.clear();
    else if (this.first > 64 && this.first * 2 > this.waiting.length) {
      this.waiting = this.waiting.slice(this.first);
      this.first = 0;
    }
  }
}

interface Pending {
  bytes: Buffer;
  /** Records of the frame not yet committed. */
  left: number;
}
