import type { Db } from '../../server/db/client';
import { ensurePositionPartitions } from '../../server/db/partitions';
import { insertPositions } from '../../server/ingest/position-sql';
import type { PositionRecord } from '../../server/ingest/position-writer';

/**
 * A dense history for the playback benchmark: one fix every `stepS` seconds for `days` days,
 * driving three times a day (a loop of streets around home, 30 to 70 km/h), parked in between
 * (speed 0, the same place): the load of a tracker that reports every 10 s without pause.
 */
export interface HistoryPlan {
  deviceId: number;
  home: { lat: number; lon: number };
  days: number;
  stepS: number;
  end: number;
}

const DRIVES = [
  { start: 7.5, hours: 1.5 },
  { start: 12, hours: 1 },
  { start: 17, hours: 2 },
];
const CHUNK = 50_000;

function* fixes(p: HistoryPlan): Generator<PositionRecord> {
  const start = p.end - p.days * 86_400_000;
  let lat = p.home.lat;
  let lon = p.home.lon;
  let heading = 0;
  for (let t = start; t <= p.end; t += p.stepS * 1000) {
    const hour = ((t + 8 * 3_600_000) % 86_400_000) / 3_600_000;
    const day = Math.floor((t - start) / 86_400_000);
    const drive = DRIVES.find((d) => hour >= d.start && hour < d.start + d.hours);
    let speed = 0;
    if (drive) {
      speed = 30 + 40 * Math.abs(Math.sin((t / 600_000) % Math.PI));
      // A turn every few minutes; the loop drifts back home by the end of the drive.
      if (Math.floor(t / 240_000) % 2 === 0) heading = (heading + 90 * ((day % 3) - 1 || 1)) % 360;
      const toHome = hour > drive.start + drive.hours * 0.5;
      const metres = (speed / 3.6) * p.stepS;
      const rad = ((toHome ? headingTo(lat, lon, p.home) : heading) * Math.PI) / 180;
      lat += (metres * Math.cos(rad)) / 111_320;
      lon += (metres * Math.sin(rad)) / (111_320 * Math.cos((lat * Math.PI) / 180));
    }
    yield {
      deviceId: p.deviceId,
      fixTime: new Date(t),
      serverTime: new Date(t + 1000),
      lat,
      lon,
      speed,
      course: Math.round(heading),
      altitude: 50,
      valid: true,
      positionType: 'gps',
      satellites: 9,
      acc: speed > 0,
      battery: null,
      mileage: null,
      alarm: null,
      attributes: null,
    };
  }
}

function headingTo(lat: number, lon: number, home: { lat: number; lon: number }) {
  return ((Math.atan2(home.lon - lon, home.lat - lat) * 180) / Math.PI + 360) % 360;
}

/** Writes the plan's fixes in chunks; answers how many. */
export async function writeHistory(db: Db, p: HistoryPlan): Promise<number> {
  await ensurePositionPartitions(
    db,
    new Date(p.end - (p.days + 31) * 86_400_000),
    Math.ceil(p.days / 28) + 3,
  );
  let batch: PositionRecord[] = [];
  let n = 0;
  for (const f of fixes(p)) {
    batch.push(f);
    if (batch.length === CHUNK) {
      await insertPositions(db, batch);
      n += batch.length;
      batch = [];
    }
  }
  if (batch.length) await insertPositions(db, batch);
  return n + batch.length;
}
