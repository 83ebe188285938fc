import { sql } from 'drizzle-orm';
import { placeStep, rounds } from '../../src/domain/area/presence';
import type { EventBus } from '../bus/types';
import type { Db } from '../db/client';
import { pgArray } from '../ingest/pg-array';
import type { PositionRecord } from '../ingest/position-writer';
import type { FenceIndex } from './fence-index';
import { storeAlarms, type NewAlarm } from './store';

/**
 * Where each device is among the risk points, check-car areas and points and bus stops (issue
 * 12), and the rows that record it: an open `area_visits` row is a vehicle inside an area (for a
 * risk point too: its open row is what keeps a restart from raising a second alarm), an open
 * `bus_stop_arrivals` row a bus at a stop. Memory holds, per device, the places it is in; it is
 * loaded from the open rows at each reload. The writes guard themselves (an arrival is inserted
 * only where no visit is open, once per arrival time), so a resent frame, a second node or a
 * stale memory after a device moved between nodes stores nothing twice; a risk point's alarm is
 * raised only for a visit really opened.
 */
export interface PlaceEvent {
  kind: 'arrive' | 'depart';
  /** `a<fenceId>` for an area, `s<routeId>.<stopIndex>` for a stop. */
  key: string;
  risk: boolean;
  record: PositionRecord;
}

const areaKey = (fenceId: number) => `a${fenceId}`;
const stopKey = (routeId: number, stopIndex: number) => `s${routeId}.${stopIndex}`;

function parseKey(key: string): { fenceId: number } | { routeId: number; stopIndex: number } {
  if (key[0] === 'a') return { fenceId: Number(key.slice(1)) };
  const [routeId, stopIndex] = key.slice(1).split('.').map(Number);
  return { routeId, stopIndex };
}

export class PlaceTracker {
  private inside = new Map<number, Set<string>>();
  /** Writes run one batch after another, so a departure never overtakes its arrival. */
  private chain: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly bus: EventBus,
  ) {}

  /** Takes the open visits and stop arrivals as the state, once this node's writes are done. */
  async load(): Promise<void> {
    await this.chain.catch(() => {});
    const [visits, arrivals] = await Promise.all([
      this.db.execute<{ fence_id: number; device_id: number }>(
        sql`SELECT fence_id, device_id FROM area_visits WHERE departed_at IS NULL`,
      ),
      this.db.execute<{ route_id: number; device_id: number; stop_index: number }>(
        sql`SELECT route_id, device_id, stop_index FROM bus_stop_arrivals WHERE departed_at IS NULL`,
      ),
    ]);
    const inside = new Map<number, Set<string>>();
    const add = (deviceId: number, key: string) => {
      const set = inside.get(deviceId) ?? new Set<string>();
      set.add(key);
      inside.set(deviceId, set);
    };
    for (const v of visits.rows) add(Number(v.device_id), areaKey(Number(v.fence_id)));
    for (const a of arrivals.rows)
      add(Number(a.device_id), stopKey(Number(a.route_id), Number(a.stop_index)));
    this.inside = inside;
  }

  /** The arrivals and departures of one fix, in memory; `hits` are its tree hits (searched on first use). */
  step(index: FenceIndex, r: PositionRecord, hits: () => readonly number[]): PlaceEvent[] {
    const before = this.inside.get(r.deviceId);
    if (!before && !index.hasPlaces) return [];
    const at = index.placesAt(r.deviceId, r.owners, hits);
    const risk = new Set(at.areas.filter((a) => a.purpose === 'risk').map((a) => areaKey(a.id)));
    const now = [
      ...at.areas.map((a) => areaKey(a.id)),
      ...at.stops.map((s) => stopKey(s.routeId, s.stopIndex)),
    ];
    const step = placeStep(before ?? new Set<string>(), now);
    if (step.inside.size) this.inside.set(r.deviceId, step.inside);
    else this.inside.delete(r.deviceId);
    return [
      ...step.departed.map((key): PlaceEvent => ({ kind: 'depart', key, risk: false, record: r })),
      ...step.arrived.map((key): PlaceEvent => ({ kind: 'arrive', key, risk: risk.has(key), record: r })),
    ];
  }

  /** Stores the events after those of earlier batches; resolves when written. */
  store(events: readonly PlaceEvent[]): Promise<void> {
    if (!events.length) return Promise.resolve();
    const run = this.chain.catch(() => {}).then(() => this.write(events));
    this.chain = run;
    return run;
  }

  private async write(events: readonly PlaceEvent[]) {
    const alarms: NewAlarm[] = [];
    for (const round of rounds(events, (e) => `${e.key}:${e.record.deviceId}`)) {
      const opened = await this.writeRound(round);
      for (const e of round)
        if (e.risk && opened.has(`${e.key}:${e.record.deviceId}`))
          alarms.push({
            deviceId: e.record.deviceId,
            terminalId: e.record.terminalId ?? '',
            type: 'riskPoint',
            time: e.record.fixTime,
            lat: e.record.lat,
            lon: e.record.lon,
            speed: e.record.speed,
            attributes: { fenceId: (parseKey(e.key) as { fenceId: number }).fenceId },
          });
    }
    await storeAlarms(this.db, this.bus, alarms);
  }

  /** One round (each place and device once): answers the keys of the visits really opened. */
  private async writeRound(round: readonly PlaceEvent[]): Promise<Set<string>> {
    const opened = new Set<string>();
    const visits = { arrive: [] as PlaceEvent[], depart: [] as PlaceEvent[] };
    const stops = { arrive: [] as PlaceEvent[], depart: [] as PlaceEvent[] };
    for (const e of round) (e.key[0] === 'a' ? visits : stops)[e.kind].push(e);
    const col = <T>(list: PlaceEvent[], f: (e: PlaceEvent) => T) =>
      sql.param(pgArray(list.map(f) as never[]));
    const fenceOf = (e: PlaceEvent) => (parseKey(e.key) as { fenceId: number }).fenceId;
    const stopOf = (e: PlaceEvent) => parseKey(e.key) as { routeId: number; stopIndex: number };
    const dev = (e: PlaceEvent) => e.record.deviceId;
    const time = (e: PlaceEvent) => e.record.fixTime.toISOString();
    if (visits.depart.length)
      await this.db.execute(sql`
        UPDATE area_visits v SET departed_at = x.at
        FROM unnest(${col(visits.depart, fenceOf)}::int[], ${col(visits.depart, dev)}::int[],
                    ${col(visits.depart, time)}::timestamptz[]) AS x(fence_id, device_id, at)
        WHERE v.fence_id = x.fence_id AND v.device_id = x.device_id
          AND v.departed_at IS NULL AND v.arrived_at <= x.at`);
    if (visits.arrive.length) {
      const res = await this.db.execute<{ fence_id: number; device_id: number }>(sql`
        INSERT INTO area_visits (fence_id, device_id, arrived_at, lat, lon)
        SELECT x.fence_id, x.device_id, x.at, x.lat, x.lon
        FROM unnest(${col(visits.arrive, fenceOf)}::int[], ${col(visits.arrive, dev)}::int[],
                    ${col(visits.arrive, time)}::timestamptz[],
                    ${col(visits.arrive, (e) => e.record.lat)}::float8[],
                    ${col(visits.arrive, (e) => e.record.lon)}::float8[]) AS x(fence_id, device_id, at, lat, lon)
        WHERE EXISTS (SELECT 1 FROM fences f WHERE f.id = x.fence_id)
          AND NOT EXISTS (SELECT 1 FROM area_visits o WHERE o.fence_id = x.fence_id
                          AND o.device_id = x.device_id AND o.departed_at IS NULL)
        ON CONFLICT DO NOTHING
        RETURNING fence_id, device_id`);
      for (const r of res.rows) opened.add(`${areaKey(Number(r.fence_id))}:${Number(r.device_id)}`);
    }
    if (stops.depart.length)
      await this.db.execute(sql`
        UPDATE bus_stop_arrivals a SET departed_at = x.at
        FROM unnest(${col(stops.depart, (e) => stopOf(e).routeId)}::int[], ${col(stops.depart, dev)}::int[],
                    ${col(stops.depart, (e) => stopOf(e).stopIndex)}::int[],
                    ${col(stops.depart, time)}::timestamptz[]) AS x(route_id, device_id, stop_index, at)
        WHERE a.route_id = x.route_id AND a.device_id = x.device_id AND a.stop_index = x.stop_index
          AND a.departed_at IS NULL AND a.arrived_at <= x.at`);
    if (stops.arrive.length)
      await this.db.execute(sql`
        INSERT INTO bus_stop_arrivals (route_id, device_id, stop_index, arrived_at)
        SELECT x.route_id, x.device_id, x.stop_index, x.at
        FROM unnest(${col(stops.arrive, (e) => stopOf(e).routeId)}::int[], ${col(stops.arrive, dev)}::int[],
                    ${col(stops.arrive, (e) => stopOf(e).stopIndex)}::int[],
                    ${col(stops.arrive, time)}::timestamptz[]) AS x(route_id, device_id, stop_index, at)
        WHERE EXISTS (SELECT 1 FROM bus_routes r WHERE r.id = x.route_id)
          AND NOT EXISTS (SELECT 1 FROM bus_stop_arrivals o WHERE o.route_id = x.route_id
                          AND o.device_id = x.device_id AND o.stop_index = x.stop_index AND o.departed_at IS NULL)
        ON CONFLICT DO NOTHING`);
    return opened;
  }
}
