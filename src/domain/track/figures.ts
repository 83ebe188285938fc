/**
 * What a statistics figure means decides how precisely it is answered (issue 32: a rollup's
 * float4 gave `maxSpeed: 126.30000305175781`). Decimals by field name, one table for every
 * statistics answer:
 *  - speeds (km/h) to 0.1, as trackers report them;
 *  - distances in metres to 0.1 m, as playback's computePiece gives them (a day's mileage is the
 *    same figure in both answers, see docs/api/statistics.md);
 *  - durations in whole seconds, battery in whole percent;
 *  - coordinates to 6 decimals (about 0.1 m).
 */
export const FIGURE_DECIMALS: Readonly<Record<string, number>> = {
  speed: 1,
  maxSpeed: 1,
  avgSpeed: 1,
  topSpeed: 1,
  mileageM: 1,
  distanceM: 1,
  movingS: 0,
  durationS: 0,
  battery: 0,
  batteryMin: 0,
  lat: 6,
  lon: 6,
  startLat: 6,
  startLon: 6,
  endLat: 6,
  endLon: 6,
};

/** `value` to `decimals` places, half away from zero; what is not a finite number stays as it is. */
export function roundTo(value: number, decimals: number): number {
  if (!Number.isFinite(value)) return value;
  const k = 10 ** decimals;
  const r = Math.sign(value) * (Math.round(Math.abs(value) * k) / k);
  return Object.is(r, -0) ? 0 : r;
}

/**
 * Every figure of an answer rounded by its field name (FIGURE_DECIMALS), at any depth: the rows,
 * the sums per date, the totals. Other fields and non-numbers are left as they are.
 */
export function roundFigures<T>(answer: T): T {
  if (Array.isArray(answer)) return answer.map((v) => roundFigures(v)) as T;
  if (answer === null || typeof answer !== 'object' || answer instanceof Date) return answer;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(answer)) {
    const decimals = Object.hasOwn(FIGURE_DECIMALS, key) ? FIGURE_DECIMALS[key] : undefined;
    out[key] =
      typeof value === 'number' && decimals !== undefined ? roundTo(value, decimals) : roundFigures(value);
  }
  return out as T;
}
