import { DEVICE_STATE } from '../../../src/domain/codes';
import type { Db } from '../client';
import { positions, type NewPositionRow } from '../schema/positions';
import { SEED_USER_IDS } from './accounts';
import type { NewDeviceRow } from './devices';
import { createRng, offsetPoint, round, type Rng } from './random';

/**
 * Position history for track playback. Each track is walked backwards from the device's
 * last position, so the newest point is exactly the position on the device row.
 * - online devices of demo, agent, subagent and user: the last hour, one fix a minute;
 * - offline devices of demo: the half hour before they went offline;
 * - the first two moving demo devices: also a two-hour drive yesterday morning (Beijing time).
 */

const TRACK_SEED = 20_240_603;
const OWNERS_WITH_TRACKS: number[] = [
  SEED_USER_IDS.demo,
  SEED_USER_IDS.agent,
  SEED_USER_IDS.subagent,
  SEED_USER_IDS.user,
];

interface TrackEnd {
  lat: number;
  lon: number;
  speed: number;
  course: number;
  time: Date;
  mileage: number;
}

function walkBack(
  rng: Rng,
  deviceId: number,
  base: NewDeviceRow,
  end: TrackEnd,
  points: number,
  stepMs: number,
) {
  const out: NewPositionRow[] = [];
  let { lat, lon, mileage } = end;
  let course = end.course;
  let speed = end.speed;
  for (let k = 0; k < points; k++) {
    const fixTime = new Date(end.time.getTime() - k * stepMs);
    out.push({
      deviceId,
      fixTime,
      serverTime: new Date(fixTime.getTime() + rng.int(500, 3000)),
      lat: round(lat, 6),
      lon: round(lon, 6),
      speed: round(speed, 1),
      course,
      altitude: base.altitude ?? null,
      valid: base.valid ?? true,
      positionType: base.positionType ?? 'gps',
      satellites: rng.int(6, 14),
      acc: speed > 0 ? true : (base.acc ?? false),
      battery: base.battery ?? null,
      mileage: Math.round(mileage),
    });
    // The previous fix: drove here at a similar speed and heading.
    if (end.speed > 0) {
      speed = Math.max(0, Math.min(180, end.speed + rng.float(-12, 12)));
      course = (course + rng.int(-25, 25) + 360) % 360;
    }
    const metres = (speed / 3.6) * (stepMs / 1000);
    ({ lat, lon } = offsetPoint(lat, lon, (course + 180) % 360, metres));
    mileage -= metres;
  }
  return out.reverse();
}

export function buildTracks(fleet: NewDeviceRow[], now: Date): NewPositionRow[] {
  const rows: NewPositionRow[] = [];
  let longTrips = 0;
  for (const d of fleet) {
    if (d.lat == null || d.lon == null || !d.fixTime || !d.id || !OWNERS_WITH_TRACKS.includes(d.userId ?? 0))
      continue;
    const rng = createRng(TRACK_SEED + d.id);
    const end: TrackEnd = {
      lat: d.lat,
      lon: d.lon,
      speed: d.speed ?? 0,
      course: d.course ?? 0,
      time: d.fixTime,
      mileage: d.mileage ?? 0,
    };
    if (d.state === DEVICE_STATE.online) rows.push(...walkBack(rng, d.id, d, end, 60, 60_000));
    else if (d.state === DEVICE_STATE.offline && d.userId === SEED_USER_IDS.demo) {
      rows.push(...walkBack(rng, d.id, d, { ...end, speed: 0 }, 30, 60_000));
    }
    if (
      d.userId === SEED_USER_IDS.demo &&
      d.state === DEVICE_STATE.online &&
      (d.speed ?? 0) > 10 &&
      longTrips < 2
    ) {
      longTrips++;
      // 08:00 to 10:00 Beijing time yesterday = 00:00 to 02:00 UTC.
      const tripEnd = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 1, 2));
      const start = offsetPoint(d.lat, d.lon, 200, 3_000);
      const trip: TrackEnd = {
        lat: start.lat,
        lon: start.lon,
        speed: 45,
        course: 20,
        time: tripEnd,
        mileage: end.mileage - 200_000,
      };
      rows.push(...walkBack(rng, d.id, d, trip, 240, 30_000));
    }
  }
  return rows;
}

export async function insertPositions(db: Db, rows: NewPositionRow[]) {
  for (let i = 0; i < rows.length; i += 500) await db.insert(positions).values(rows.slice(i, i + 500));
}
