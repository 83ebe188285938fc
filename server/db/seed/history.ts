import { dayOf, DAY_MS, dayStart, daysFrom, destinationPoint, distanceM } from '../../../src/domain/track';
import type { alarms } from '../schema/alarms';
import { createRng, type Rng } from './random';

/**
 * 90 days of driving for a demo vehicle, made up the way a delivery van lives: parked at its
 * base overnight, out in the morning to a few of its regular places along a street grid (axis
 * turns every few hundred metres, traffic lights, faster arterial roads, now and then over
 * 120 km/h), back in the evening; Sundays mostly parked. One fix every 30 s while driving and
 * a heartbeat every hour while parked, with the glitches real trackers send: now a
 * cell-tower fix, an invalid fix, a jump. Deterministic for a given seed.
 */

export interface HistoryPlan {
  deviceId: number;
  seed: number;
  /** Where the vehicle lives; the last fix is here. */
  home: { lat: number; lon: number };
  /** First instant of history and the time of the last fix (exactly). */
  start: number;
  end: number;
  /** Battery percent at the end, or null for a wired tracker. */
  battery: number | null;
  /** gps or bds. */
  type: string;
  /** Alarms older than this are marked read. */
  readBefore: number;
}

export interface HistoryFix {
  t: number;
  lat: number;
  lon: number;
  speed: number;
  course: number;
  valid: boolean;
  type: string;
  battery: number | null;
}

export type HistoryAlarm = typeof alarms.$inferInsert;

const MOVE_STEP_MS = 30_000;
const HEARTBEAT_MS = 60 * 60_000;
const MIN = 60_000;
const HOUR = 60 * MIN;

export function buildHistory(plan: HistoryPlan): { fixes: HistoryFix[]; alarms: HistoryAlarm[] } {
  const rng = createRng(plan.seed);
  const sim = new Sim(plan, rng);
  const places = Array.from({ length: 7 }, () =>
    destinationPoint(plan.home.lat, plan.home.lon, rng.int(0, 359), rng.int(2_500, 12_000)),
  );
  for (const day of daysFrom(dayOf(plan.start), dayOf(plan.end))) {
    const start = dayStart(day);
    const sunday = new Date(start + 8 * HOUR).getUTCDay() === 0;
    if (sunday && rng.chance(0.6)) continue;
    const depart = start + 7 * HOUR + rng.int(0, 120) * MIN;
    // The last day: only trips that end well before the last fix.
    const latest = Math.min(start + 19 * HOUR, plan.end - 2 * HOUR);
    if (depart < plan.start || depart > latest) continue;
    sim.parkUntil(depart);
    const stops = rng.int(2, 5);
    for (let k = 0; k < stops && sim.t < latest - HOUR; k++) {
      sim.driveTo(rng.pick(places));
      sim.parkUntil(sim.t + (rng.chance(0.2) ? rng.int(120, 240) : rng.int(8, 70)) * MIN);
    }
    sim.driveTo(plan.home);
    if (rng.chance(0.12)) sim.jumpOnce();
  }
  sim.parkUntil(plan.end);
  sim.last(plan.end);
  return { fixes: sim.fixes, alarms: sim.alarms };
}

class Sim {
  fixes: HistoryFix[] = [];
  alarms: HistoryAlarm[] = [];
  t: number;
  lat: number;
  lon: number;
  private parkedAt: number | null;
  private nextFix: number;
  private lowBattery = false;

  constructor(
    private plan: HistoryPlan,
    private rng: Rng,
  ) {
    this.t = plan.start;
    this.lat = plan.home.lat;
    this.lon = plan.home.lon;
    this.parkedAt = plan.start;
    this.nextFix = plan.start;
  }

  /** Battery as a saw tooth ending at the plan's value: drains about 3 % a day, charged at 15 %. */
  private battery(t: number): number | null {
    if (this.plan.battery == null) return null;
    const x = this.plan.battery + (3 * (this.plan.end - t)) / DAY_MS;
    return Math.round(x <= 100 ? x : 15 + ((x - 100) % 85));
  }

  private emit(
    t: number,
    lat: number,
    lon: number,
    speed: number,
    course: number,
    extra: Partial<HistoryFix> = {},
  ) {
    const at = Math.round(t / 1000) * 1000;
    const last = this.fixes[this.fixes.length - 1];
    if (last && at <= last.t) return;
    const battery = this.battery(at);
    const fix: HistoryFix = {
      t: at,
      lat: Math.round(lat * 1e6) / 1e6,
      lon: Math.round(lon * 1e6) / 1e6,
      speed: Math.round(speed * 10) / 10,
      course: Math.round(course) % 360,
      valid: true,
      type: this.plan.type,
      battery,
      ...extra,
    };
    this.fixes.push(fix);
    if (battery != null) {
      if (battery < 20 && !this.lowBattery) this.alarm('lowBattery', fix);
      this.lowBattery = battery < 20;
    }
    if (speed > 120 && (last?.speed ?? 0) <= 120) this.alarm('overspeed', fix);
  }

  alarm(type: string, f: HistoryFix) {
    const time = new Date(f.t);
    this.alarms.push({
      deviceId: this.plan.deviceId,
      type,
      time,
      lat: f.lat,
      lon: f.lon,
      speed: f.speed,
      read: f.t < this.plan.readBefore,
      attributes: type === 'lowBattery' ? { battery: f.battery } : null,
      createdAt: time,
    });
  }

  /** Parked (heartbeats with a few metres of wander) until `until`. */
  parkUntil(until: number) {
    if (this.parkedAt == null) {
      this.parkedAt = this.t;
      this.emit(this.t, this.lat, this.lon, 0, 0);
      const r = this.rng.next();
      if (r < 0.06) {
        const p = destinationPoint(this.lat, this.lon, this.rng.int(0, 359), this.rng.int(200, 600));
        this.emit(this.t + MIN, p.lat, p.lon, 0, 0, { type: 'lbs' });
      } else if (r < 0.1) this.emit(this.t + MIN, this.lat, this.lon, 0, 0, { valid: false });
      else if (r < 0.12) this.alarm('vibration', this.fixes[this.fixes.length - 1]);
      else if (r < 0.13)
        this.alarm(this.rng.chance(0.5) ? 'fenceIn' : 'powerCut', this.fixes[this.fixes.length - 1]);
      this.nextFix = this.t + HEARTBEAT_MS;
    }
    while (this.nextFix < until) {
      const p = destinationPoint(this.lat, this.lon, this.rng.int(0, 359), this.rng.float(0, 4));
      this.emit(this.nextFix, p.lat, p.lon, 0, 0);
      this.nextFix += HEARTBEAT_MS;
    }
    this.t = Math.max(this.t, until);
  }

  /** Drives a street grid to `target`: one axis at a time, a turn every few hundred metres. */
  driveTo(target: { lat: number; lon: number }) {
    this.parkedAt = null;
    this.nextFix = this.t;
    while (distanceM(this.lat, this.lon, target.lat, target.lon) > 120) {
      const north = (target.lat - this.lat) * 111_320;
      const east = (target.lon - this.lon) * 111_320 * Math.cos((this.lat * Math.PI) / 180);
      const alongNorth = this.rng.next() < Math.abs(north) / (Math.abs(north) + Math.abs(east));
      const heading = alongNorth ? (north > 0 ? 0 : 180) : east > 0 ? 90 : 270;
      const left = Math.abs(alongNorth ? north : east);
      const len = Math.max(60, Math.min(left, this.rng.int(300, 1600)));
      const arterial = len > 900 && this.rng.chance(0.45);
      const kmh = arterial
        ? this.rng.chance(0.04)
          ? this.rng.int(121, 135)
          : this.rng.int(60, 95)
        : this.rng.int(25, 55);
      this.travel(len, heading, kmh);
      if (this.rng.chance(0.3)) this.wait(this.rng.int(20, 90) * 1000);
      if (this.rng.chance(0.002)) this.alarm('sos', this.fixes[this.fixes.length - 1]);
    }
  }

  private travel(metres: number, heading: number, kmh: number) {
    const from = { lat: this.lat, lon: this.lon };
    const ms = (metres / (kmh / 3.6)) * 1000;
    const end = this.t + ms;
    while (this.nextFix <= end) {
      const p = destinationPoint(from.lat, from.lon, heading, (metres * (this.nextFix - this.t)) / ms);
      this.emit(this.nextFix, p.lat, p.lon, Math.max(5, kmh + this.rng.float(-4, 4)), heading);
      this.nextFix += MOVE_STEP_MS;
    }
    ({ lat: this.lat, lon: this.lon } = destinationPoint(from.lat, from.lon, heading, metres));
    this.t = end;
  }

  /** A traffic light: standing, fixes go on every 30 s. */
  private wait(ms: number) {
    const end = this.t + ms;
    while (this.nextFix <= end) {
      this.emit(this.nextFix, this.lat, this.lon, 0, this.fixes[this.fixes.length - 1]?.course ?? 0);
      this.nextFix += MOVE_STEP_MS;
    }
    this.t = end;
  }

  /** One satellite fix of today's drive a few kilometres off: a jump. */
  jumpOnce() {
    const moving = this.fixes.slice(-300).filter((f) => f.speed > 20);
    const f = this.rng.pick(moving);
    if (!f) return;
    const p = destinationPoint(f.lat, f.lon, this.rng.int(0, 359), this.rng.int(3_000, 7_000));
    f.lat = Math.round(p.lat * 1e6) / 1e6;
    f.lon = Math.round(p.lon * 1e6) / 1e6;
  }

  /** The last fix: exactly at `t`, at home. */
  last(t: number) {
    const f = this.fixes[this.fixes.length - 1];
    if (f && f.t >= t) this.fixes.pop();
    this.emit(t, this.plan.home.lat, this.plan.home.lon, 0, 0);
  }
}
