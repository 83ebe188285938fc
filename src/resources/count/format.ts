/** Texts of statistics values that have no formatter in src/domain (mileage has formatMileage). */

/** Seconds as h:mm:ss ("27:04:09" past a day), as in the report exports. */
export function durationHms(seconds: number): string {
  const s = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return `${h}:${String(m).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/** A battery percentage: "37%". */
export const percentText = (v: unknown): string => `${Math.round(Number(v))}%`;

/** Metres in km to one decimal, for charts (formatMileage is for text). */
export const kmOf = (metres: unknown): number => Math.round(Number(metres) / 100) / 10;

/** Speeds as the rollups keep them (float4) to one decimal: 129.39999 → 129.4. */
export const round1 = (v: unknown): number => Math.round(Number(v) * 10) / 10;
