import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { and, eq, gte, lt, notInArray, sql, type SQL } from 'drizzle-orm';
import { TRACK_STATE } from '../../../src/domain/codes';
import {
  computePiece,
  dayPieces,
  passes,
  STAY_MIN_DEFAULT_S,
  staysOf,
  TRACK_CONTEXT_MS,
  TRACK_EXPORT_MAX_ROWS,
  type TrackFilters,
} from '../../../src/domain/track';
import { SHEET_MIME, xlsxValue } from '../../../src/sheets';
import type { Db } from '../../db/client';
import { positions } from '../../db/schema/positions';
import type { AuthContext } from '../../plugins/auth';
import { refuseExpired } from '../device-expiry';
import { loadDeviceInScope } from '../device-scope';
import { neighbourFixes, readFixes } from './fixes';
import { durationText, gpx, kml, platformTime, type ExportPoint, type ExportStay } from './formats';
import { trackParts } from './parts';
import { trackRange } from './range';
import { deviceName, filtersOf, type TrackQuery } from './track';

/**
 * exportTrack: the points or the stays of a range as xlsx, GPX 1.1 or KML 2.2, from the full
 * data (not the simplified playback). Points are read one platform day at a time and written
 * as they come, at most TRACK_EXPORT_MAX_ROWS (x-export-truncated tells when more exist).
 */

export type TrackExportFormat = 'xlsx' | 'gpx' | 'kml';

export interface TrackExportQuery extends TrackQuery {
  format: TrackExportFormat;
  what: 'points' | 'stays';
}

export interface TrackExport {
  stream: Readable;
  mime: string;
  filename: string;
  truncated: boolean;
}

const MIME: Record<TrackExportFormat, string> = {
  xlsx: SHEET_MIME.xlsx,
  gpx: 'application/gpx+xml',
  kml: 'application/vnd.google-earth.kml+xml',
};

const STATE_NAME = Object.fromEntries(Object.entries(TRACK_STATE).map(([k, v]) => [v, k]));

/** Rows written before the stream waits for the client to read. */
async function drained(out: PassThrough) {
  if (out.writableNeedDrain) await new Promise((r) => out.once('drain', r));
}

export function exportLimit(): number {
  const env = Number(process.env.TRACK_EXPORT_MAX_ROWS);
  return Number.isInteger(env) && env > 0 ? env : TRACK_EXPORT_MAX_ROWS;
}

export async function exportTrack(db: Db, auth: AuthContext, q: TrackExportQuery): Promise<TrackExport> {
  const device = await loadDeviceInScope(db, auth, q.terminalID);
  refuseExpired(device);
  const { from, to } = trackRange(q.startTime, q.endTime);
  const name = deviceName(device);
  const filters = filtersOf(q);
  const cap = exportLimit();
  const out = new PassThrough();
  const safeId = device.terminalId.replace(/[^A-Za-z0-9_-]/g, '_');
  const filename = `${q.what === 'stays' ? 'stays' : 'track'}-${safeId}-${platformTime(from).slice(0, 10)}.${q.format}`;
  let truncated = false;
  let job: Promise<void>;
  if (q.what === 'stays') {
    const { parts } = await trackParts(db, device.id, from, to, { staysOnly: true });
    const stays = staysOf(
      parts.flatMap((p) => p.runs),
      q.minStaySeconds ?? STAY_MIN_DEFAULT_S,
    );
    job = writeStays(out, q.format, name, stays);
  } else {
    truncated = await moreThan(db, device.id, from, to, filters, cap);
    job = writePoints(out, q.format, name, from, to, (emit) =>
      pumpPoints(db, device.id, from, to, filters, cap, emit),
    );
  }
  void job.catch((err: Error) => out.destroy(err));
  return { stream: out, mime: MIME[q.format], filename, truncated };
}

/** Whether more than `cap` fixes pass the filters that SQL can apply (jumps aside). */
async function moreThan(db: Db, deviceId: number, from: number, to: number, f: TrackFilters, cap: number) {
  const conds: SQL[] = [
    eq(positions.deviceId, deviceId),
    gte(positions.fixTime, new Date(from)),
    lt(positions.fixTime, new Date(to)),
  ];
  if (f.hideInvalid) conds.push(eq(positions.valid, true));
  if (f.hideLbs) conds.push(notInArray(positions.positionType, ['lbs', 'wifi']));
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(positions)
    .where(and(...conds))
    .limit(1)
    .offset(cap);
  return rows.length > 0;
}

type Emit = (p: ExportPoint & { type: string; valid: boolean; state: number }) => Promise<void>;

/** The fixes of [from, to) day by day, with the states playback shows, until `cap` are written. */
async function pumpPoints(
  db: Db,
  deviceId: number,
  from: number,
  to: number,
  f: TrackFilters,
  cap: number,
  emit: Emit,
) {
  let written = 0;
  for (const p of dayPieces(from, to)) {
    const [fixes, ctx] = await Promise.all([
      readFixes(db, deviceId, p.from, p.to),
      neighbourFixes(db, deviceId, p.from, p.to, TRACK_CONTEXT_MS),
    ]);
    const { shape } = computePiece({ fixes, from: p.from, to: p.to, ...ctx });
    for (let i = 0; i < shape.t.length; i++) {
      if (!passes(shape.valid[i], shape.type[i], shape.state[i], f)) continue;
      if (written >= cap) return;
      await emit({
        t: shape.t[i],
        lat: shape.lat[i],
        lon: shape.lon[i],
        speed: shape.speed[i],
        course: shape.course[i],
        type: shape.type[i],
        valid: shape.valid[i],
        state: shape.state[i],
      });
      written++;
    }
  }
}

async function writePoints(
  out: PassThrough,
  format: TrackExportFormat,
  name: string,
  from: number,
  to: number,
  pump: (emit: Emit) => Promise<void>,
) {
  if (format === 'xlsx') {
    const { ws, finish } = sheet(out, 'Track', [
      ['Time (GMT+8)', 20],
      ['Latitude', 12],
      ['Longitude', 12],
      ['Speed (km/h)', 12],
      ['Course', 8],
      ['Type', 8],
      ['Valid', 7],
      ['State', 10],
    ]);
    await pump(async (p) => {
      ws.addRow(
        [platformTime(p.t), p.lat, p.lon, p.speed, p.course, p.type, p.valid, STATE_NAME[p.state]].map(
          xlsxValue,
        ),
      ).commit();
      await drained(out);
    });
    return finish();
  }
  const w = format === 'gpx' ? gpx : kml;
  out.write(w.start(name));
  if (format === 'gpx') out.write(gpx.trackStart(name));
  // A KML LineString needs two points: the first waits for the second.
  let first: ExportPoint | null = null;
  let started = format === 'gpx';
  await pump(async (p) => {
    if (!started) {
      if (!first) {
        first = p;
        return;
      }
      out.write(kml.trackStart(name, from, to) + kml.point(first));
      started = true;
    }
    out.write(w.point(p));
    await drained(out);
  });
  if (started) out.write(w.trackEnd());
  out.end(w.end());
}

async function writeStays(out: PassThrough, format: TrackExportFormat, name: string, stays: ExportStay[]) {
  if (format === 'xlsx') {
    const { ws, finish } = sheet(out, 'Stays', [
      ['No.', 6],
      ['Start (GMT+8)', 20],
      ['End (GMT+8)', 20],
      ['Duration', 10],
      ['Seconds', 9],
      ['Latitude', 12],
      ['Longitude', 12],
    ]);
    stays.forEach((s, i) =>
      ws
        .addRow(
          [
            i + 1,
            platformTime(s.start),
            platformTime(s.end),
            durationText(s.durationS),
            s.durationS,
            s.lat,
            s.lon,
          ].map(xlsxValue),
        )
        .commit(),
    );
    return finish();
  }
  const w = format === 'gpx' ? gpx : kml;
  out.write(w.start(name));
  stays.forEach((s, i) => out.write(w.stay(s, i + 1)));
  out.end(w.end());
}

function sheet(out: PassThrough, title: string, columns: [string, number][]) {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
  });
  const ws = wb.addWorksheet(title);
  ws.columns = columns.map(([header, width], i) => ({ key: `c${i}`, header, width }));
  return {
    ws,
    finish: async () => {
      ws.commit();
      await wb.commit();
    },
  };
}
