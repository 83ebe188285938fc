/**
 * Runs an async task once for a burst of requests: the first request starts a short delay, and
 * requests made during the delay are served by that run; requests made while it runs get one
 * more run after it. So a batch of writes costs one refresh, and refreshes never overlap.
 */
export class CoalescedTask {
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private again = false;
  private closed = false;

  constructor(
    private readonly task: () => Promise<void>,
    private readonly delayMs: number,
  ) {}

  request() {
    if (this.closed) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer) return;
    this.timer = setTimeout(() => void this.run(), this.delayMs);
    this.timer.unref();
  }

  private async run() {
    this.timer = null;
    this.running = true;
    try {
      await this.task();
    } catch {
      // the task reports its own failures; the next request runs it again
    } finally {
      this.running = false;
      if (this.again) {
        this.again = false;
        this.request();
      }
    }
  }

  close() {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
