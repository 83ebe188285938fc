/** The playback screen's API calls (docs/api/tracks.md), typed once. */
import type { BBox, TrackShape } from '../../domain/track/shape';
import { requestFile, type DownloadedFile } from '../../providers/dataProvider';
import { request } from '../../providers/http';

export interface Stay {
  start: number;
  end: number;
  durationS: number;
  lat: number;
  lon: number;
}

export interface Track {
  terminalID: string;
  name: string;
  from: number;
  to: number;
  total: number;
  simplified: boolean;
  points: TrackShape;
  mileageM: number;
  stays: Stay[];
  speed: { t: number[]; max: number[] };
}

export interface TrackOptions {
  hideLbs: boolean;
  dropJumps: boolean;
  minStaySeconds: number;
}

export interface TrackRange {
  from: number;
  to: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

export function fetchTrack(
  terminalID: string,
  range: TrackRange,
  o: TrackOptions,
  signal?: AbortSignal,
  maxPoints?: number,
  bbox?: BBox,
): Promise<Track> {
  return request<Track>(
    '/track/findTrackByTerminalID',
    { terminalID, startTime: iso(range.from), endTime: iso(range.to), maxPoints, bbox, ...o },
    { signal },
  );
}

/** One fix of the points tab. */
export interface TrackPoint {
  t: number;
  lat: number;
  lon: number;
  speed: number;
  course: number;
  type: string;
  valid: boolean;
  state: number;
}

/** A page of a range's fixes; `total` is the count findTrackByTerminalID answers. */
export function fetchTrackPoints(
  terminalID: string,
  range: TrackRange,
  o: TrackOptions,
  pageNum: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<{ total: number; list: TrackPoint[] }> {
  const { hideLbs, dropJumps } = o;
  return request(
    '/track/findTrackPoints',
    { terminalID, startTime: iso(range.from), endTime: iso(range.to), hideLbs, dropJumps, pageNum, pageSize },
    { signal },
  );
}

export interface TrackUser {
  terminalID: string;
  userId: number;
  nickname: string;
  carNumber: string;
}

/** The remembered playback selection of the account. */
export async function fetchTrackUsers(): Promise<TrackUser[]> {
  return (await request<{ usr_list: TrackUser[] }>('/track/trackUserList', {})).usr_list;
}

/** Remembers the selection; the server refuses a sixth device with the spec's message. */
export async function saveTrackUsers(terminalIDs: string[]): Promise<TrackUser[]> {
  const body = { usr_list: terminalIDs.map((terminalID) => ({ terminalID })) };
  return (await request<{ usr_list: TrackUser[] }>('/track/trackUser', body)).usr_list;
}

export type ExportFormat = 'xlsx' | 'gpx' | 'kml';

export function exportTrack(
  terminalID: string,
  range: TrackRange,
  o: TrackOptions,
  format: ExportFormat,
  what: 'points' | 'stays',
): Promise<DownloadedFile> {
  return requestFile(
    '/track/exportTrack',
    { terminalID, startTime: iso(range.from), endTime: iso(range.to), format, what, ...o },
    `${what}-${terminalID}.${format}`,
  );
}
