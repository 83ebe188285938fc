import { countAfter, dayPieces, passes, type TrackShape } from '../../../src/domain/track';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../plugins/auth';
import { refuseExpired } from '../device-expiry';
import { loadDeviceInScope } from '../device-scope';
import { rawParts, trackParts } from './parts';
import { trackRange } from './range';
import { deviceName, filtersOf, type TrackQuery } from './track';

/**
 * findTrackPoints (docs/api/tracks.md): every fix of a range that passes the filters, a page at
 * a time, with the `total` findTrackByTerminalID answers. Playback's points tab listed the
 * simplified line drawn on the map instead (1,134 of Bus 98's 1,697 fixes over 7 days): the
 * count and the rows now come from the same fixes.
 *
 * Days before the page are skipped by their counts (a rollup's or a raw piece's), so a page
 * far into 90 days reads one or two days of positions, not all of them.
 */

export interface TrackPointsQuery extends TrackQuery {
  pageNum?: number;
  pageSize?: number;
}

export const TRACK_POINTS_PAGE_DEFAULT = 100;

interface PointRow {
  t: number;
  lat: number;
  lon: number;
  speed: number;
  course: number;
  type: string;
  valid: boolean;
  state: number;
}

export async function findTrackPoints(db: Db, auth: AuthContext, q: TrackPointsQuery, now = Date.now()) {
  const device = await loadDeviceInScope(db, auth, q.terminalID);
  refuseExpired(device, now);
  const { from, to } = trackRange(q.startTime, q.endTime, now);
  const filters = filtersOf(q);
  const size = q.pageSize ?? TRACK_POINTS_PAGE_DEFAULT;
  let skip = ((q.pageNum ?? 1) - 1) * size;
  const pieces = dayPieces(from, to);
  const { parts, raw } = await trackParts(db, device.id, from, to, { now, staysOnly: true });
  const counts = parts.map((p) => countAfter(p.counts, filters));
  const list: PointRow[] = [];
  for (let k = 0; k < pieces.length && list.length < size; k++) {
    if (skip >= counts[k]) {
      skip -= counts[k];
      continue;
    }
    // A rollup keeps a day's counts and simplified line: its fixes are read again.
    const shape: TrackShape = raw[k] ? parts[k].shape : (await rawParts(db, device.id, [pieces[k]]))[0].shape;
    for (let i = 0; i < shape.t.length && list.length < size; i++) {
      if (!passes(shape.valid[i], shape.type[i], shape.state[i], filters)) continue;
      if (skip > 0) {
        skip--;
        continue;
      }
      list.push({
        t: shape.t[i],
        lat: shape.lat[i],
        lon: shape.lon[i],
        speed: shape.speed[i],
        course: shape.course[i],
        type: shape.type[i],
        valid: shape.valid[i],
        state: shape.state[i],
      });
    }
  }
  return {
    terminalID: device.terminalId,
    name: deviceName(device),
    from,
    to,
    total: counts.reduce((a, n) => a + n, 0),
    list,
  };
}
