/**
 * A job that runs a pass now and then on this node: the timer, one pass at a time shared by
 * concurrent callers (`runOnce`), and a stop that waits for the pass in progress. Subclasses
 * say what a pass does and how long to wait after one. Errors are logged and retried next time.
 */
export abstract class PeriodicJob<R> {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<R> | null = null;
  protected stopped = false;

  constructor(private readonly label: string) {}

  protected abstract pass(): Promise<R>;

  /** The wait before the next pass, after one that answered `report` (undefined: it failed). */
  protected abstract nextDelay(report?: R): number;

  /** Runs after `firstDelayMs`, then as `nextDelay` says. */
  start(firstDelayMs = 5_000) {
    const tick = (delay: number) => {
      if (this.stopped) return;
      this.timer = setTimeout(() => {
        this.runOnce()
          .then(
            (report) => this.nextDelay(report),
            (err: Error) => {
              console.error(`[${this.label}]`, err.message);
              return this.nextDelay();
            },
          )
          .then(tick);
      }, delay);
      this.timer.unref();
    };
    tick(firstDelayMs);
  }

  /** Stops the timer and waits for a pass in progress. */
  async stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** One pass; concurrent calls share it. */
  runOnce(): Promise<R> {
    this.running ??= this.pass().finally(() => {
      this.running = null;
    });
    return this.running;
  }
}
