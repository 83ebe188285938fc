/**
 * Low battery from positions: one alarm when the level falls to `LOW_BATTERY_PCT` or under, and
 * none again until it has been back above it by `LOW_BATTERY_HYSTERESIS` (a level wavering at
 * the threshold raises one alarm, not one per fix). Pure: the gateway keeps `raised` per device.
 */
import { LOW_BATTERY_PCT } from '../constants';

/** Back above the threshold by this much (percentage points) ends a low-battery episode. */
export const LOW_BATTERY_HYSTERESIS = 5;

export function lowBatteryStep(raised: boolean, battery: number): { raised: boolean; alarm: boolean } {
  if (battery <= LOW_BATTERY_PCT) return { raised: true, alarm: !raised };
  return { raised: raised && battery <= LOW_BATTERY_PCT + LOW_BATTERY_HYSTERESIS, alarm: false };
}
