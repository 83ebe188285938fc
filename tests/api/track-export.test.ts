import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, type DeviceRow } from '../../server/db/schema/devices';
import { readSheet } from '../../src/sheets';
import { addDays, DAY_MS, dayOf, dayStart } from '../../src/domain/track';
import { findAll, parseXml } from '../unit/track/xml';
import { closeDatabase, startHarness, type Harness } from './harness';

let h: Harness;
let agent: string;
let all: DeviceRow[];
const now = Date.now();
const iso = (ms: number) => new Date(ms).toISOString();
const dev = (id: number) => all.find((d) => d.id === id)!;
const range = (n: number) => ({
  startTime: iso(dayStart(addDays(dayOf(now), -n))),
  endTime: iso(dayStart(addDays(dayOf(now), -n)) + 2 * DAY_MS),
});

beforeAll(async () => {
  h = await startHarness();
  agent = await h.login('agent');
  all = await h.handle.db.select().from(devices).orderBy(asc(devices.id));
});
afterAll(async () => {
  delete process.env.TRACK_EXPORT_MAX_ROWS;
  await h.close();
  await closeDatabase();
});

async function download(body: object, token = agent) {
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/track/exportTrack',
    payload: body,
    headers: { authorization: `Bearer ${token}` },
  });
  return res;
}

describe('POST /api/track/exportTrack', () => {
  it('exports every point of the range as xlsx, the same count as the track answers', async () => {
    const body = { terminalID: dev(1).terminalId, ...range(8) };
    const t = await h.post('/api/track/findTrackByTerminalID', body, agent);
    const res = await download({ ...body, format: 'xlsx', what: 'points' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="track-\d+-\d{4}-\d\d-\d\d\.xlsx"/,
    );
    expect(res.headers['x-export-truncated']).toBe('0');
    const rows = await readSheet(res.rawPayload, 'xlsx');
    expect(rows[0]).toEqual([
      'Time (GMT+8)',
      'Latitude',
      'Longitude',
      'Speed (km/h)',
      'Course',
      'Type',
      'Valid',
      'State',
    ]);
    expect(rows.length - 1).toBe(t.data.total);
    expect(rows[1][0]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });

  it('exports the stays as xlsx, GPX and KML that parse', async () => {
    const body = { terminalID: dev(1).terminalId, ...range(8) };
    const stays = (await h.post('/api/track/findStayAll', body, agent)).data.list;
    expect(stays.length).toBeGreaterThan(2);
    const x = await download({ ...body, format: 'xlsx', what: 'stays' });
    const rows = await readSheet(x.rawPayload, 'xlsx');
    expect(rows.length - 1).toBe(stays.length);
    expect(Number(rows[1][4])).toBe(stays[0].durationS);
    const g = parseXml((await download({ ...body, format: 'gpx', what: 'stays' })).body);
    expect(findAll(g, 'wpt')).toHaveLength(stays.length);
    const k = parseXml((await download({ ...body, format: 'kml', what: 'stays' })).body);
    expect(findAll(k, 'Placemark')).toHaveLength(stays.length);
  });

  it('writes valid XML whatever the device is called, and caps the rows', async () => {
    const d = dev(2);
    const name = 'Van <7> & "Co" \'x\'';
    await h.handle.db.update(devices).set({ carNumber: '', nickname: name }).where(eq(devices.id, d.id));
    const body = { terminalID: d.terminalId, ...range(5) };
    const total = (await h.post('/api/track/findTrackByTerminalID', body, agent)).data.total;
    const g = await download({ ...body, format: 'gpx', what: 'points' });
    expect(g.headers['content-type']).toBe('application/gpx+xml');
    const gpx = parseXml(g.body);
    expect(findAll(gpx, 'name')[0].text).toBe(name);
    expect(findAll(gpx, 'trkpt')).toHaveLength(total);
    const kml = parseXml((await download({ ...body, format: 'kml', what: 'points' })).body);
    expect(findAll(kml, 'coordinates')[0].text.trim().split('\n')).toHaveLength(total);
    process.env.TRACK_EXPORT_MAX_ROWS = '50';
    const capped = await download({ ...body, format: 'gpx', what: 'points' });
    expect(capped.headers['x-export-truncated']).toBe('1');
    expect(findAll(parseXml(capped.body), 'trkpt')).toHaveLength(50);
    delete process.env.TRACK_EXPORT_MAX_ROWS;
  });

  it('answers not found out of scope and lets demo export its own', async () => {
    const demo = await h.login('demo');
    const body = { ...range(3), format: 'gpx', what: 'points' };
    expect((await download({ ...body, terminalID: dev(1).terminalId }, demo)).statusCode).toBe(404);
    const own = await download({ ...body, terminalID: dev(102).terminalId }, demo);
    expect(own.statusCode).toBe(200);
    expect(findAll(parseXml(own.body), 'trkpt').length).toBeGreaterThan(10);
  });
});
