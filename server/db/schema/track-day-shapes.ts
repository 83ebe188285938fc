import { date, integer, jsonb, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import type { EngineDay, TripDay } from '../../../src/domain/reports';
import type { SpeedSeries, TrackShape } from '../../../src/domain/track';
import { devices } from './devices';

/** Stopped runs of a day as stored: [start ms, end ms, lat, lon]. */
export type StoredRun = [number, number, number, number];

/**
 * The per-day parts of a track rollup that a playback over a wide range needs: stopped runs,
 * 5-minute speed buckets and the simplified geometry (at most 1,000 points, and a coarse one of
 * at most 120 for wide ranges). Kept apart from track_days so that report scans never touch
 * these larger values.
 */
export const trackDayShapes = pgTable(
  'track_day_shapes',
  {
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    runs: jsonb('runs').$type<StoredRun[]>().notNull(),
    speed: jsonb('speed').$type<SpeedSeries>().notNull(),
    shape: jsonb('shape').$type<TrackShape>().notNull(),
    /** The same at most DAY_COARSE_MAX_POINTS, for wide ranges; null in rows of before 0008. */
    coarse: jsonb('coarse').$type<TrackShape>(),
    /** What the trips report rebuilds the day's trips and stays from (any stop minimum); null in rows of before 0020. */
    trips: jsonb('trips').$type<TripDay>(),
    /** What the engine report rebuilds ignition time and idling from; null in rows of before 0020. */
    engine: jsonb('engine').$type<EngineDay>(),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.day] })],
);

export type TrackDayShapeRow = typeof trackDayShapes.$inferSelect;
