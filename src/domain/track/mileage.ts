/** Mileage of a sequence of fixes and its display (spec section 9). */
import { distanceM } from './geo';
import { isGnss, type TrackFix } from './fix';
import { MILEAGE_MIN_STEP_M } from './rules';

/**
 * Metres driven: the haversine sum over trusted satellite fixes, skipping jumps. A move counts
 * once the vehicle is MILEAGE_MIN_STEP_M from where the last counted move ended, so a parked
 * receiver's wander adds nothing while a slow crawl still adds its whole length.
 */
export function mileageM(fixes: readonly TrackFix[], jumps?: readonly boolean[]): number {
  const counted = cumulativeMileageM(fixes, jumps);
  return counted.length ? counted[counted.length - 1] : 0;
}

/**
 * The same rule, as the metres counted up to and including each fix (one entry per fix): the
 * trips report cuts a day's mileage at its stops with it, so its trips add up to this figure.
 */
export function cumulativeMileageM(fixes: readonly TrackFix[], jumps?: readonly boolean[]): number[] {
  const out = new Array<number>(fixes.length);
  let total = 0;
  let anchor: TrackFix | null = null;
  for (let i = 0; i < fixes.length; i++) {
    const f = fixes[i];
    if (isGnss(f) && !jumps?.[i]) {
      if (!anchor) anchor = f;
      else {
        const d = distanceM(anchor.lat, anchor.lon, f.lat, f.lon);
        if (d >= MILEAGE_MIN_STEP_M) {
          total += d;
          anchor = f;
        }
      }
    }
    out[i] = total;
  }
  return out;
}

/** Spec: under 1000 m in m, otherwise km to one decimal ("850 m", "12.3 km"). */
export function formatMileage(metres: number): string {
  const m = Math.max(0, Math.round(metres));
  return m < 1000 ? `${m} m` : `${(metres / 1000).toFixed(1)} km`;
}
