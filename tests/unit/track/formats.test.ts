import { describe, expect, it } from 'vitest';
import { durationText, gpx, kml, platformTime, xmlText } from '../../../server/services/track/formats';
import { findAll, parseXml } from './xml';

const nasty = 'A&B <C> "D" \'E\' \u0001\uFFFF 京A·12345';
const T = Date.parse('2026-03-10T00:30:00Z');

describe('GPX and KML writers', () => {
  it('escapes names and drops characters XML cannot hold', () => {
    expect(xmlText(nasty)).toBe('A&amp;B &lt;C&gt; &quot;D&quot; &apos;E&apos;  京A·12345');
    expect(platformTime(T)).toBe('2026-03-10 08:30:00');
    expect(durationText(3725)).toBe('1:02:05');
  });

  it('writes GPX 1.1 that parses, with the name intact', () => {
    const p = { t: T, lat: 39.9, lon: 116.4, speed: 36, course: 90 };
    const text =
      gpx.start(nasty) +
      gpx.trackStart(nasty) +
      gpx.point(p) +
      gpx.point({ ...p, t: T + 10_000 }) +
      gpx.trackEnd() +
      gpx.stay({ start: T, end: T + 600_000, durationS: 600, lat: 39.9, lon: 116.4 }, 1) +
      gpx.end();
    const root = parseXml(text);
    expect(root).toMatchObject({ name: 'gpx', uri: 'http://www.topografix.com/GPX/1/1' });
    expect(root.attrs.version).toBe('1.1');
    expect(findAll(root, 'name')[0].text).toBe('A&B <C> "D" \'E\'  京A·12345');
    const pts = findAll(root, 'trkpt');
    expect(pts).toHaveLength(2);
    expect(pts[0].attrs).toEqual({ lat: '39.9', lon: '116.4' });
    expect(findAll(pts[0], 'speed')[0].text).toBe('10.00');
    expect(findAll(root, 'wpt')).toHaveLength(1);
  });

  it('writes KML 2.2 that parses', () => {
    const p = { t: T, lat: 39.9, lon: 116.4, speed: 36, course: 90 };
    const text =
      kml.start(nasty) +
      kml.trackStart(nasty, T, T + 10_000) +
      kml.point(p) +
      kml.point({ ...p, lat: 39.91 }) +
      kml.trackEnd() +
      kml.stay({ start: T, end: T + 600_000, durationS: 600, lat: 39.9, lon: 116.4 }, 1) +
      kml.end();
    const root = parseXml(text);
    expect(root).toMatchObject({ name: 'kml', uri: 'http://www.opengis.net/kml/2.2' });
    expect(findAll(root, 'coordinates')[0].text.trim().split('\n')).toEqual([
      '116.4,39.9,0',
      '116.4,39.91,0',
    ]);
    expect(findAll(root, 'Placemark')).toHaveLength(2);
  });
});
