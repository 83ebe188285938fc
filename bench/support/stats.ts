/** Small statistics helpers for the benchmarks. */

/** The p-th percentile (0-100) by nearest rank; NaN for an empty list. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

export const median = (values: readonly number[]) => percentile(values, 50);

export const max = (values: readonly number[]) => values.reduce((m, v) => (v > m ? v : m), 0);
