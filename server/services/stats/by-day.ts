import { dayOf } from '../../../src/domain/track';

/**
 * A report's rows summed per account day of their start, for its chart: `{ date, [count]: rows,
 * ...sums of the named figures }`, in date order (countStayDetail, countTrips).
 */
export function sumsByDay<T extends { start: number }, K extends keyof T & string>(
  rows: readonly T[],
  count: string,
  figures: readonly K[],
): Record<string, string | number>[] {
  const perDay = new Map<string, Record<string, number>>();
  for (const r of rows) {
    const day = dayOf(r.start);
    const cur = perDay.get(day) ?? Object.fromEntries([count, ...figures].map((k) => [k, 0]));
    cur[count]++;
    for (const f of figures) cur[f] += Number(r[f]);
    perDay.set(day, cur);
  }
  return [...perDay.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([date, v]) => ({ date, ...v }));
}
