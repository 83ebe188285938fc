import { sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { pgArray } from '../../server/ingest/pg-array';
import { seededRng } from '../../server/sim/route';
import { probeCentre } from '../terminal-ids';

/** Where the benchmark's fences lie: round the area its trackers report from (about 22 × 17 km). */
const AREA = { lat: [39.85, 40.05], lon: [116.35, 116.55] } as const;
const PROBE_RADIUS_M = 200;
const M_PER_DEG_LAT = 111_320;

/**
 * The fences of bench:alarms, owned by the bench account (user 1): `count` circles (70 %) and
 * hexagons of 100–400 m over the area, each device past the probes allocated `perDevice` of
 * them at random (in/out), and for each probe tracker a circle of its own at probeCentre.
 * Seeded, so every run has the same layout.
 */
export async function insertBenchFences(
  db: Db,
  o: { count: number; allocations: number; devices: number; probes: number },
) {
  const rng = seededRng(12);
  const between = (a: number, b: number) => a + rng.next() * (b - a);
  const names: string[] = [];
  const types: string[] = [];
  const lats: (number | null)[] = [];
  const lons: (number | null)[] = [];
  const radii: (number | null)[] = [];
  const points: (string | null)[] = [];
  const circle = (name: string, lat: number, lon: number, radius: number) => {
    names.push(name);
    types.push('circle');
    lats.push(lat);
    lons.push(lon);
    radii.push(radius);
    points.push(null);
  };
  for (let k = 0; k < o.count; k++) {
    const lat = between(...AREA.lat);
    const lon = between(...AREA.lon);
    const r = between(100, 400);
    if (rng.next() < 0.7) {
      circle(`bench ${k}`, lat, lon, Math.round(r));
      continue;
    }
    const dLat = r / M_PER_DEG_LAT;
    const dLon = dLat / Math.cos((lat * Math.PI) / 180);
    const ring = Array.from({ length: 6 }, (_, v) => {
      const a = (v / 6) * 2 * Math.PI;
      return [lon + dLon * Math.cos(a), lat + dLat * Math.sin(a)];
    });
    names.push(`bench ${k}`);
    types.push('polygon');
    lats.push(null);
    lons.push(null);
    radii.push(null);
    points.push(JSON.stringify(ring));
  }
  for (let i = 0; i < o.probes; i++)
    circle(`probe ${i}`, probeCentre(i).lat, probeCentre(i).lon, PROBE_RADIUS_M);

  await db.execute(sql`
    INSERT INTO fences (name, user_id, type, center_lat, center_lon, radius, points, alarm_mode)
    SELECT n, 1, t, la, lo, r, p::jsonb, 'inout'
    FROM unnest(
      ${sql.param(pgArray(names))}::varchar[], ${sql.param(pgArray(types))}::varchar[],
      ${sql.param(pgArray(lats))}::float8[], ${sql.param(pgArray(lons))}::float8[],
      ${sql.param(pgArray(radii))}::int[], ${sql.param(pgArray(points))}::text[]
    ) AS v(n, t, la, lo, r, p)`);

  // Fence ids follow the insert order (a fresh table): 1..count, then the probes'.
  const fenceIds: number[] = [];
  const deviceIds: number[] = [];
  const regular = o.devices - o.probes;
  const perDevice = Math.max(1, Math.round(o.allocations / regular));
  for (let d = 0; d < regular; d++) {
    const chosen = new Set<number>();
    while (chosen.size < Math.min(perDevice, o.count)) chosen.add(1 + Math.floor(rng.next() * o.count));
    for (const f of chosen) {
      fenceIds.push(f);
      deviceIds.push(o.probes + d + 1);
    }
  }
  for (let i = 0; i < o.probes; i++) {
    fenceIds.push(o.count + i + 1);
    deviceIds.push(i + 1);
  }
  await db.execute(sql`
    INSERT INTO fence_devices (fence_id, device_id, alarm_mode)
    SELECT f, d, 'inout' FROM unnest(${sql.param(pgArray(fenceIds))}::int[], ${sql.param(pgArray(deviceIds))}::int[]) AS v(f, d)`);
  return { fences: names.length, allocations: fenceIds.length };
}
