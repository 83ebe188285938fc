/**
 * Overspeed from positions: above the device's limit for at least a minimum time, so one fix
 * with a spiking speed raises nothing. One alarm per episode; the episode ends at the first fix
 * at or under the limit. Pure: the gateway keeps one watch per device.
 */

export interface OverspeedWatch {
  /** When (ms) the speed first went over the limit in this episode; null under it. */
  since: number | null;
  raised: boolean;
}

export const CALM: OverspeedWatch = { since: null, raised: false };

export function overspeedStep(
  w: OverspeedWatch,
  speedKmh: number,
  limitKmh: number,
  at: number,
  minMs: number,
): { watch: OverspeedWatch; alarm: boolean } {
  if (!(speedKmh > limitKmh)) return { watch: CALM, alarm: false };
  const since = w.since ?? at;
  if (!w.raised && at - since >= minMs) return { watch: { since, raised: true }, alarm: true };
  return { watch: w.since === null ? { since, raised: false } : w, alarm: false };
}
