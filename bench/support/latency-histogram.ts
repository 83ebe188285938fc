/**
 * Frame-to-commit latencies of bench:ingest as a histogram of 1 ms buckets (the last one holds
 * everything longer), so several gateway processes can report millions of samples each and
 * the parent merges them.
 */
const MAX_MS = 120_000;

export class LatencyHistogram {
  private counts = new Uint32Array(MAX_MS + 1);
  total = 0;

  add(ms: number) {
    this.counts[Math.max(0, Math.min(MAX_MS, Math.round(ms)))]++;
    this.total++;
  }

  reset() {
    this.counts.fill(0);
    this.total = 0;
  }

  /** Non-empty buckets as [ms, count], for process.send. */
  toSparse(): [number, number][] {
    const out: [number, number][] = [];
    for (let i = 0; i <= MAX_MS; i++) if (this.counts[i]) out.push([i, this.counts[i]]);
    return out;
  }

  merge(sparse: [number, number][]) {
    for (const [ms, n] of sparse) {
      this.counts[ms] += n;
      this.total += n;
    }
  }

  percentile(p: number): number {
    const rank = Math.min(this.total - 1, Math.floor(this.total * p));
    let seen = 0;
    for (let i = 0; i <= MAX_MS; i++) {
      seen += this.counts[i];
      if (seen > rank) return i;
    }
    return 0;
  }
}
