const SAMPLES = 32;

/**
 * How long storing a fix took lately, so a request that stores nothing (unknown id, a device of
 * another family, a resend, a device in stock) is answered after a wait drawn from the same
 * times: the answer's delay tells a client nothing about the id it named. Before any fix was
 * stored, the writer's flush window stands in (a fix waits about that long for its batch).
 */
export class StoreLatency {
  private samples: number[] = [];
  private next = 0;

  constructor(
    private readonly fallbackMs: number,
    private readonly random: () => number = Math.random,
  ) {}

  observe(ms: number) {
    if (this.samples.length < SAMPLES) this.samples.push(ms);
    else this.samples[this.next] = ms;
    this.next = (this.next + 1) % SAMPLES;
  }

  /** A delay like a recent store's (ms). */
  sample(): number {
    if (!this.samples.length) return this.random() * this.fallbackMs;
    return this.samples[Math.floor(this.random() * this.samples.length)];
  }

  imitate(): Promise<void> {
    const ms = this.sample();
    return new Promise((r) => setTimeout(r, ms));
  }
}
