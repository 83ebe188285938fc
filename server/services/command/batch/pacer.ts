/**
 * The pace of one node's batch commands, shared by every batch it runs: at most `rate`
 * commands started per second and `concurrency` waiting for their reply at once. A batch of
 * 10,000 devices must not flood the gateways, the bus or the database however many batches
 * run; a second batch shares the same budget instead of doubling it.
 *
 * A token bucket: a node busy storing positions turns its event loop only a few times a second,
 * so the commands that fell due meanwhile start together in the next turn (a timer per command
 * would start one per turn: 10 a second instead of 200). The bucket holds at most half a
 * second's worth, so a long stall does not release a flood.
 */
export class Pacer {
  private tokens: number;
  private last: number;
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly burst: number;

  constructor(
    private readonly rate: number,
    private readonly concurrency: number,
    private readonly now: () => number = Date.now,
  ) {
    this.burst = Math.max(1, rate / 2);
    this.tokens = 1;
    this.last = now();
  }

  /** Resolves when a command may start: a free slot and its turn in the rate. */
  async acquire(): Promise<void> {
    if (this.active < this.concurrency) this.active++;
    // A released slot is handed straight to the first waiter, so no newcomer can take it.
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    for (;;) {
      this.refill();
      if (this.tokens >= 1) {
        this.tokens--;
        return;
      }
      await new Promise((r) => setTimeout(r, Math.ceil(((1 - this.tokens) * 1000) / this.rate)));
    }
  }

  /** Gives the slot back when the command's outcome is known. */
  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.active--;
  }

  private refill() {
    const t = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((t - this.last) * this.rate) / 1000);
    this.last = t;
  }
}
