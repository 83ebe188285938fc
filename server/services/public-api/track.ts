import type { Db } from '../../db/client';
import type { AuthContext } from '../../plugins/auth';
import { findTrack } from '../track/track';

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * A device's track for the public API: the web app's track (range rules, simplification,
 * stays) with its columns turned into one object per point, which integrators read more easily.
 */
export async function trackV1(
  db: Db,
  auth: AuthContext,
  q: { terminalId: string; from: string; to: string; maxPoints?: number },
) {
  const t = await findTrack(db, auth, {
    terminalID: q.terminalId,
    startTime: q.from,
    endTime: q.to,
    maxPoints: q.maxPoints,
  });
  const p = t.points;
  return {
    terminalId: t.terminalID,
    from: iso(t.from),
    to: iso(t.to),
    total: t.total,
    simplified: t.simplified,
    mileageM: t.mileageM,
    points: p.t.map((time, i) => ({
      time: iso(time),
      lat: p.lat[i],
      lon: p.lon[i],
      speed: p.speed[i],
      course: p.course[i],
      valid: p.valid[i],
      positionType: p.type[i],
    })),
    stays: t.stays.map((s) => ({ ...s, start: iso(s.start), end: iso(s.end) })),
  };
}
