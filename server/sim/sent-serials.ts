/**
 * The serials of a driver family's positions in the order they went out, so that acks naming
 * no serial can be matched: Teltonika acknowledges a count of records, others the oldest one.
 */
export class SentSerials {
  private order: number[] = [];

  push(serial: number) {
    this.order.push(serial);
  }

  /** A new connection: acks of the old one can no longer arrive. */
  clear() {
    this.order = [];
  }

  /** The serials an ack covers: the one it names, else the oldest `count` (one by default). */
  acked(serial: number | undefined, count: number | undefined): number[] {
    if (serial === undefined) return this.order.splice(0, count ?? 1);
    const at = this.order.indexOf(serial);
    if (at >= 0) this.order.splice(at, 1);
    return [serial];
  }
}
