/**
 * Driving behaviour of one device over one account day: harsh events from the day's decoded
 * alarms, overspeed time and distance from its fixes. The daily rollup stores OverspeedDay
 * (track_days.overspeed); harsh counts come from the alarm counts it already stores
 * (track_days.alarms), the distance and driving time from mileage_m and moving_s.
 *
 * Harsh events by family (decoders' mapping, docs/protocols.md): GT06 (alarm codes and 0x95
 * events: acceleration, braking, cornering), JT/T 808 (0x70 intense driving, vendor 0x57 and
 * 0xFE, Jimi 0xE8, 0x0900 alarm ids: all three), Teltonika (IO 253 green driving: all three),
 * Meitrack (events 90/91, 129, 130: all three), TK103 (BQ81 firmware only: acceleration and
 * braking). H02 and OsmAnd report none: their days have no harsh events, not "good driving".
 */
import { currentAlarmType, type GatewayAlarmType } from '../alarm-types';
import { OVERSPEED_KMH, OVERSPEED_MIN_MS } from '../constants';
import { isGnss, type TrackFix } from '../track/fix';
import { distanceM } from '../track/geo';
import { markJumps } from '../track/jumps';
import { roundTo } from '../track/figures';

export const HARSH_ALARMS = {
  acceleration: 'hardAcceleration',
  braking: 'hardBraking',
  cornering: 'hardCornering',
} as const satisfies Record<string, GatewayAlarmType>;

export type HarshKind = keyof typeof HARSH_ALARMS;
export type HarshCounts = Record<HarshKind, number>;

/** Harsh events in a day's alarm counts (track_days.alarms); older names count as their new ones. */
export function harshCounts(alarms: Readonly<Record<string, number>>): HarshCounts {
  const out: HarshCounts = { acceleration: 0, braking: 0, cornering: 0 };
  for (const [type, n] of Object.entries(alarms)) {
    const current = currentAlarmType(type);
    for (const kind of Object.keys(HARSH_ALARMS) as HarshKind[])
      if (HARSH_ALARMS[kind] === current) out[kind] += n;
  }
  return out;
}

export const harshTotal = (h: HarshCounts) => h.acceleration + h.braking + h.cornering;

/** A device's speed limit: its own (devices.speed_limit) or the platform's overspeed threshold. */
export const speedLimitOf = (speedLimit: number | null | undefined): number =>
  speedLimit != null && speedLimit > 0 ? speedLimit : OVERSPEED_KMH;

/**
 * Two fixes further apart than this say nothing about the speed between them (the tracker lost
 * its network or slept): trackers report every 10 to 120 s while moving.
 */
export const OVERSPEED_MAX_GAP_MS = 5 * 60_000;

/** The stored form of a day's overspeed (track_days.overspeed). */
export interface OverspeedDay {
  /** The limit it was measured against, km/h. */
  limitKmh: number;
  /** Seconds and metres above it. */
  s: number;
  m: number;
  /** Episodes starting that day. */
  n: number;
}

export interface OverspeedInput {
  /** The day's fixes, [from, to), in time order. */
  fixes: readonly TrackFix[];
  from: number;
  to: number;
  /** The last fix before `from` and the first from `to` (jumps and midnight). */
  prev?: TrackFix;
  next?: TrackFix;
  limitKmh: number;
}

/**
 * Time and distance above the limit. Between two consecutive trusted fixes (satellite, valid,
 * not a jump: the mileage rule's fixes) both above the limit and at most OVERSPEED_MAX_GAP_MS
 * apart, the vehicle was over the limit all along; an episode is a run of such steps and counts
 * when it lasts OVERSPEED_MIN_MS, as the overspeed alarm does (one spiking fix adds nothing).
 * A step across midnight counts in each day for its part (with `prev` and `next`); an episode
 * counts in the day it starts.
 */
export function overspeedDay(input: OverspeedInput): OverspeedDay {
  const { fixes, from, to, limitKmh } = input;
  const all = [...(input.prev ? [input.prev] : []), ...fixes, ...(input.next ? [input.next] : [])];
  const jumps = markJumps(all);
  const trusted = all.filter((f, i) => isGnss(f) && !jumps[i]);
  let s = 0;
  let m = 0;
  let n = 0;
  // An episode: when it started, how long it lasted, and its part inside the day.
  let run: { start: number; total: number; ms: number; metres: number } | null = null;
  const close = () => {
    if (run && run.total >= OVERSPEED_MIN_MS) {
      s += run.ms;
      m += run.metres;
      if (run.start >= from && run.start < to) n++;
    }
    run = null;
  };
  for (let i = 1; i < trusted.length; i++) {
    const a = trusted[i - 1];
    const b = trusted[i];
    const over = a.speed > limitKmh && b.speed > limitKmh && b.t - a.t <= OVERSPEED_MAX_GAP_MS;
    if (!over) {
      close();
      continue;
    }
    run ??= { start: a.t, total: 0, ms: 0, metres: 0 };
    run.total += b.t - a.t;
    // The part of the step inside the day: steps across midnight are shared by the two days.
    const inside = Math.min(b.t, to) - Math.max(a.t, from);
    if (inside > 0) {
      run.ms += inside;
      run.metres += (distanceM(a.lat, a.lon, b.lat, b.lon) * inside) / (b.t - a.t);
    }
  }
  close();
  return { limitKmh, s: Math.round(s / 1000), m: roundTo(m, 1), n };
}
