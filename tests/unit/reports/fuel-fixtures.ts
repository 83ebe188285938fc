import type { FuelFix } from '../../../src/domain/reports/fuel';
import type { FuelUnit } from '../../../src/domain/reports/fuel-reading';
import { dayStart, destinationPoint } from '../../../src/domain/track';

export const MIN = 60_000;

/** The instant the account's clock (GMT+8) shows `hh:mm` on `day`; "24:00" is the next midnight. */
export function clock(day: string, hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return dayStart(day) + (h * 60 + m) * MIN;
}

/** Minutes since the account's midnight of `day`. */
export const minuteOf = (day: string, t: number) => (t - dayStart(day)) / MIN;

/** The level at a minute of the day, or null for a fix without a reading. */
export type LevelAt = (minute: number) => number | null;

/**
 * A day of fixes built phase by phase, each fix with the fuel reading the level function
 * gives at its minute. Parked phases keep the place; driving phases head east at a steady
 * speed, one fix a minute (so the stop rule sees them moving: speed over 10 km/h, the next fix
 * within 60 s) and cover speed/60 km a minute.
 */
export class FuelDayBuilder {
  readonly fixes: FuelFix[] = [];
  lat = 22.5;
  lon = 114.0;

  constructor(
    readonly day: string,
    readonly unit: FuelUnit = 'l',
  ) {}

  private push(t: number, speed: number, level: LevelAt) {
    const v = level(minuteOf(this.day, t));
    this.fixes.push({
      t,
      lat: this.lat,
      lon: this.lon,
      speed,
      course: 90,
      valid: true,
      type: 'gps',
      fuel: v == null ? null : { value: v, unit: this.unit, key: this.unit === 'l' ? 'fuel' : 'fuelPercent' },
    });
  }

  /** Parked from `from` to before `to`, one fix every `stepMin` minutes. */
  park(from: string, to: string, stepMin: number, level: LevelAt): this {
    for (let t = clock(this.day, from); t < clock(this.day, to); t += stepMin * MIN) this.push(t, 0, level);
    return this;
  }

  /** Driving at `kmh` from `from` to before `to`, one fix a minute. */
  drive(from: string, to: string, kmh: number, level: LevelAt): this {
    for (let t = clock(this.day, from); t < clock(this.day, to); t += MIN) {
      this.push(t, kmh, level);
      ({ lat: this.lat, lon: this.lon } = destinationPoint(this.lat, this.lon, 90, (kmh * 1000) / 60));
    }
    return this;
  }
}
