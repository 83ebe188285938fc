import { displayName } from '../../../src/domain/device-view';
import {
  assembleTrack,
  bucketSizeFor,
  coarseEnough,
  DAY_BUCKET_MS,
  RAW_BUCKET_MIN_MS,
  STAY_MIN_DEFAULT_S,
  staysOf,
  TRACK_POINTS_DEFAULT,
  type BBox,
  type Stay,
  type TrackFilters,
} from '../../../src/domain/track';
import type { Db } from '../../db/client';
import type { DeviceRow } from '../../db/schema/devices';
import type { AuthContext } from '../../plugins/auth';
import { refuseExpired } from '../device-expiry';
import { loadDeviceInScope } from '../device-scope';
import { trackParts } from './parts';
import { trackRange } from './range';

/** findTrackByTerminalID and findStayAll (docs/api/tracks.md). */

export interface TrackQuery {
  terminalID: string;
  startTime: string;
  endTime: string;
  maxPoints?: number;
  hideLbs?: boolean;
  hideInvalid?: boolean;
  dropJumps?: boolean;
  minStaySeconds?: number;
  bbox?: BBox;
}

export const deviceName = (d: DeviceRow) =>
  displayName({ carNumber: d.carNumber, nickname: d.nickname, terminalID: d.terminalId });

export const filtersOf = (q: TrackQuery): TrackFilters => ({
  hideLbs: q.hideLbs ?? false,
  hideInvalid: q.hideInvalid ?? true,
  dropJumps: q.dropJumps ?? false,
});

const apiStay = (s: Stay) => ({ start: s.start, end: s.end, durationS: s.durationS, lat: s.lat, lon: s.lon });

export async function findTrack(db: Db, auth: AuthContext, q: TrackQuery, now = Date.now()) {
  const device = await loadDeviceInScope(db, auth, q.terminalID);
  // No playback of an expired device, history before the expiry included, until it is renewed.
  refuseExpired(device, now);
  const { from, to } = trackRange(q.startTime, q.endTime, now);
  const maxPoints = q.maxPoints ?? TRACK_POINTS_DEFAULT;
  // Inside a box the budget goes to a small area: the fine day geometry is worth reading.
  const coarse = !q.bbox && coarseEnough(maxPoints, to - from);
  const { parts, rolled } = await trackParts(db, device.id, from, to, { now, coarse });
  // Rollups bring 5-minute buckets; a raw range can go down to 10 s.
  const bucketMs = bucketSizeFor(to - from, rolled ? DAY_BUCKET_MS : RAW_BUCKET_MIN_MS);
  const track = assembleTrack(parts, {
    filters: filtersOf(q),
    maxPoints,
    minStayS: q.minStaySeconds ?? STAY_MIN_DEFAULT_S,
    bucketMs,
    bbox: q.bbox,
  });
  return {
    terminalID: device.terminalId,
    name: deviceName(device),
    from,
    to,
    total: track.total,
    simplified: track.simplified,
    points: track.points,
    mileageM: track.mileageM,
    stays: track.stays.map(apiStay),
    speed: track.speed,
  };
}

export async function findStays(db: Db, auth: AuthContext, q: TrackQuery, now = Date.now()) {
  const device = await loadDeviceInScope(db, auth, q.terminalID);
  refuseExpired(device, now);
  const { from, to } = trackRange(q.startTime, q.endTime, now);
  const { parts } = await trackParts(db, device.id, from, to, { now, staysOnly: true });
  const stays = staysOf(
    parts.flatMap((p) => p.runs),
    q.minStaySeconds ?? STAY_MIN_DEFAULT_S,
  );
  return { terminalID: device.terminalId, name: deviceName(device), from, to, list: stays.map(apiStay) };
}
