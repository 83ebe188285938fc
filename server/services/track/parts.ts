import { and, between, eq, sql } from 'drizzle-orm';
import {
  computePiece,
  dayPieces,
  TRACK_CONTEXT_MS,
  TRACK_RAW_RANGE_MS,
  type DayPiece,
  type TrackFix,
  type TrackPart,
  type TrackShape,
} from '../../../src/domain/track';
import type { Db } from '../../db/client';
import { trackDayShapes } from '../../db/schema/track-day-shapes';
import { trackDays } from '../../db/schema/track-days';
import { trackRollupCursors } from '../../db/schema/track-rollup-cursors';
import { neighbourFixes, readFixes } from './fixes';

/**
 * A device's track over [from, to) as pieces (src/domain/track/assemble.ts): a range up to
 * TRACK_RAW_RANGE_MS comes from raw positions; a longer one takes each whole day that has
 * ended from its rollup and reads raw positions only for the rest (the partial first and last
 * days, and days the rollup job has not finished).
 */

export interface PartsResult {
  /** One part per day piece of the range (dayPieces(from, to)), in order. */
  parts: TrackPart[];
  /** Some parts came from rollups (their speed buckets are 5 minutes). */
  rolled: boolean;
  /** Per part: computed from raw fixes, so its shape holds every fix (a rollup's is simplified). */
  raw: boolean[];
}

export interface PartsOptions {
  /** Stays only: do not load geometry and speed buckets of rollups. */
  staysOnly?: boolean;
  /** Take the rollups' coarse geometry (src/domain/track/piece.ts coarseEnough). */
  coarse?: boolean;
  now?: number;
}

const emptyPart = (): TrackPart => ({
  mileageM: 0,
  counts: [0, 0, 0, 0, 0, 0, 0, 0],
  runs: [],
  shape: { t: [], lat: [], lon: [], speed: [], course: [], state: [], type: [], valid: [] },
  speed: { t: [], max: [] },
});

export async function trackParts(
  db: Db,
  deviceId: number,
  from: number,
  to: number,
  opts: PartsOptions = {},
): Promise<PartsResult> {
  const now = opts.now ?? Date.now();
  const pieces = dayPieces(from, to);
  const parts: (TrackPart | null)[] = pieces.map(() => null);
  let rolled = false;
  const raw = pieces.map(() => true);
  if (to - from > TRACK_RAW_RANGE_MS) {
    const whole = pieces.filter((p) => p.full && p.to <= now);
    if (whole.length) {
      const rows = await loadRollups(db, deviceId, whole[0].day, whole[whole.length - 1].day, opts);
      const [cursor] = await db
        .select({ fixTime: trackRollupCursors.fixTime })
        .from(trackRollupCursors)
        .where(eq(trackRollupCursors.deviceId, deviceId));
      const seen = cursor?.fixTime.getTime() ?? -Infinity;
      pieces.forEach((p, k) => {
        if (!p.full || p.to > now) return;
        const row = rows.get(p.day);
        // A row computed after its day ended is final; no row for a day before the newest fix
        // the job has rolled up means the device sent nothing that day.
        if (row && row.computedAt >= p.to) parts[k] = row.part;
        else if (!row && seen >= p.to) parts[k] = emptyPart();
        if (parts[k]) rolled = true;
        if (parts[k]) raw[k] = false;
      });
    }
  }
  // The other pieces from raw positions, one read per run of consecutive pieces.
  let k = 0;
  while (k < pieces.length) {
    if (parts[k]) {
      k++;
      continue;
    }
    let end = k;
    while (end + 1 < pieces.length && !parts[end + 1]) end++;
    const raw = await rawParts(db, deviceId, pieces.slice(k, end + 1));
    raw.forEach((p, i) => (parts[k + i] = p));
    k = end + 1;
  }
  return { parts: parts as TrackPart[], rolled, raw };
}

/** Pieces computed from raw fixes, each with its neighbouring fixes as the rollup job sees them. */
export async function rawParts(db: Db, deviceId: number, pieces: DayPiece[]): Promise<TrackPart[]> {
  const from = pieces[0].from;
  const to = pieces[pieces.length - 1].to;
  const [fixes, ctx] = await Promise.all([
    readFixes(db, deviceId, from, to),
    neighbourFixes(db, deviceId, from, to, TRACK_CONTEXT_MS),
  ]);
  let i = 0;
  return pieces.map((p) => {
    const start = i;
    while (i < fixes.length && fixes[i].t < p.to) i++;
    const inside = fixes.slice(start, i);
    const prev: TrackFix | undefined = start > 0 ? fixes[start - 1] : ctx.prev;
    const next: TrackFix | undefined = i < fixes.length ? fixes[i] : ctx.next;
    const piece = computePiece({
      fixes: inside,
      from: p.from,
      to: p.to,
      prev: prev && prev.t >= p.from - TRACK_CONTEXT_MS ? prev : undefined,
      next: next && next.t < p.to + TRACK_CONTEXT_MS ? next : undefined,
    });
    return { ...piece.summary, shape: piece.shape };
  });
}

interface RollupPart {
  computedAt: number;
  part: TrackPart;
}

async function loadRollups(db: Db, deviceId: number, first: string, last: string, opts: PartsOptions) {
  const d = trackDays;
  const s = trackDayShapes;
  const staysOnly = !!opts.staysOnly;
  const shape = opts.coarse ? sql<TrackShape>`coalesce(${s.coarse}, ${s.shape})` : s.shape;
  const rows = await db
    .select({
      day: d.day,
      computedAt: d.computedAt,
      mileageM: d.mileageM,
      counts: d.counts,
      runs: s.runs,
      speed: staysOnly ? sql<null>`null` : s.speed,
      shape: staysOnly ? sql<null>`null` : shape,
    })
    .from(d)
    .innerJoin(s, and(eq(s.deviceId, d.deviceId), eq(s.day, d.day)))
    .where(and(eq(d.deviceId, deviceId), between(d.day, first, last)));
  const out = new Map<string, RollupPart>();
  for (const r of rows) {
    const part = emptyPart();
    part.mileageM = r.mileageM;
    part.counts = r.counts;
    part.runs = r.runs.map(([start, end, lat, lon]) => ({ start, end, lat, lon }));
    if (r.shape) part.shape = r.shape;
    if (r.speed) part.speed = r.speed;
    out.set(r.day, { computedAt: r.computedAt.getTime(), part });
  }
  return out;
}
