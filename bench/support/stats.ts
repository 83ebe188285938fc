/** Small statistics helpers for the benchmarks. */

/** The p-th percentile (0-100) by nearest rank of the finite values; NaN when there are none. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

export const median = (values: readonly number[]) => percentile(values, 50);

export const max = (values: readonly number[]) => values.reduce((m, v) => (v > m ? v : m), 0);
