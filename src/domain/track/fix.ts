/** One stored fix as the track functions see it (positions table, times in epoch ms). */
export interface TrackFix {
  t: number;
  lat: number;
  lon: number;
  /** km/h */
  speed: number;
  course: number;
  /** false: the device flagged the fix as not located (stored, never trusted for distance). */
  valid: boolean;
  /** Position type: gps, bds, lbs or wifi. */
  type: string;
  /** Battery percent, when the device reports one. */
  battery?: number | null;
  /** Ignition (ACC) as the fix reported it; null or absent: the fix says nothing about it. */
  acc?: boolean | null;
}

/** Cell-tower and Wi-Fi fixes: hundreds of metres off, so never counted as distance. */
export const isNetworkType = (type: string) => type === 'lbs' || type === 'wifi';

/** A satellite fix the device marked valid: the only kind mileage and jump checks trust. */
export const isGnss = (f: TrackFix) => f.valid && !isNetworkType(f.type);
