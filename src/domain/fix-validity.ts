/**
 * Which reported fixes may become a device's current position (issue 10). A fix that fails
 * is still stored, flagged invalid, for the factory log and playback's "hide invalid" option;
 * it never moves the vehicle on a map, in the device list or in the API.
 */

/**
 * How far ahead of the server's clock a fix time may be. Device clocks drift by seconds, not
 * minutes; a fix further ahead (wrong time zone, garbage date) would otherwise stay "newest"
 * and block every real fix until the clock catches up.
 */
export const FIX_FUTURE_TOLERANCE_MS = 10 * 60_000;

/** Why a fix cannot be a current position. */
/** 'jump': out of reach of the device's last trusted fix at its maximum speed (fix-jump.ts). */
export type FixProblem = 'noFix' | 'latitude' | 'longitude' | 'nullIsland' | 'future' | 'jump';

export interface ReportedFix {
  latitude: number;
  longitude: number;
  time: Date;
  /** The device's own fix flag (GT06 "GPS positioned", 808 status bit 1). */
  valid: boolean;
}

const inRange = (x: number, limit: number) => Number.isFinite(x) && x >= -limit && x <= limit;

/** The first reason the fix cannot be trusted, or null when it can. */
export function fixProblem(fix: ReportedFix, now: Date): FixProblem | null {
  if (!inRange(fix.latitude, 90)) return 'latitude';
  if (!inRange(fix.longitude, 180)) return 'longitude';
  if (!fix.valid) return 'noFix';
  // Exactly 0,0 is what receivers without a fix send while claiming one; no vehicle is there.
  if (fix.latitude === 0 && fix.longitude === 0) return 'nullIsland';
  if (fix.time.getTime() - now.getTime() > FIX_FUTURE_TOLERANCE_MS) return 'future';
  return null;
}
