/**
 * The pace of one node's batch commands, shared by every batch it runs: at most `rate`
 * commands started per second and `concurrency` waiting for their reply at once. A batch of
 * 10,000 devices must not flood the gateways, the bus or the database however many batches
 * run; a second batch shares the same budget instead of doubling it.
 */
export class Pacer {
  private nextAt = 0;
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly rate: number,
    private readonly concurrency: number,
  ) {}

  /** Resolves when a command may start: a free slot and its turn in the rate. */
  async acquire(): Promise<void> {
    if (this.active < this.concurrency) this.active++;
    // A released slot is handed straight to the first waiter, so no newcomer can take it.
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    const now = Date.now();
    const at = Math.max(now, this.nextAt);
    this.nextAt = at + 1000 / this.rate;
    if (at > now) await new Promise((r) => setTimeout(r, at - now));
  }

  /** Gives the slot back when the command's outcome is known. */
  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.active--;
  }
}
