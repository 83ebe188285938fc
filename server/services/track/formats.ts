/**
 * GPX 1.1 and KML 2.2 text of a track, written piece by piece so a long export streams.
 * Names come from users (plates, nicknames): everything is escaped, and characters XML 1.0
 * cannot hold at all are dropped.
 */
import { formatDateTime } from '../../../src/domain/date-format';

// XML 1.0 allows tab, LF, CR and everything from U+0020 except lone surrogates and FFFE/FFFF.
const NOT_XML =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function xmlText(value: string): string {
  return value
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** Account time (GMT+8) as every screen writes it: 2026-03-10 08:30:00. */
export const platformTime = (ms: number): string => formatDateTime(ms);

export function durationText(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = Math.floor(seconds % 60);
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

const iso = (ms: number) => new Date(ms).toISOString();
const coord = (v: number) => (Math.round(v * 1e6) / 1e6).toString();

export interface ExportPoint {
  t: number;
  lat: number;
  lon: number;
  speed: number;
  course: number;
}

export interface ExportStay {
  start: number;
  end: number;
  durationS: number;
  lat: number;
  lon: number;
}

export const gpx = {
  start: (name: string) =>
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<gpx version="1.1" creator="FleetGate" xmlns="http://www.topografix.com/GPX/1/1"' +
    ' xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v2">\n' +
    `<metadata><name>${xmlText(name)}</name></metadata>\n`,
  trackStart: (name: string) => `<trk><name>${xmlText(name)}</name><trkseg>\n`,
  /** Speed in m/s and course in degrees through Garmin's TrackPointExtension (GPX 1.1 has neither). */
  point: (p: ExportPoint) =>
    `<trkpt lat="${coord(p.lat)}" lon="${coord(p.lon)}"><time>${iso(p.t)}</time>` +
    `<extensions><gpxtpx:TrackPointExtension><gpxtpx:speed>${(p.speed / 3.6).toFixed(2)}</gpxtpx:speed>` +
    `<gpxtpx:course>${p.course}</gpxtpx:course></gpxtpx:TrackPointExtension></extensions></trkpt>\n`,
  trackEnd: () => '</trkseg></trk>\n',
  stay: (s: ExportStay, n: number) =>
    `<wpt lat="${coord(s.lat)}" lon="${coord(s.lon)}"><time>${iso(s.start)}</time>` +
    `<name>${xmlText(`Stay ${n}`)}</name>` +
    `<desc>${xmlText(`${platformTime(s.start)} - ${platformTime(s.end)} (${durationText(s.durationS)})`)}</desc></wpt>\n`,
  end: () => '</gpx>\n',
};

export const kml = {
  start: (name: string) =>
    '<?xml version="1.0" encoding="UTF-8"?>\n<kml xmlns="http://www.opengis.net/kml/2.2"><Document>\n' +
    `<name>${xmlText(name)}</name>\n` +
    '<Style id="track"><LineStyle><color>ff0000ff</color><width>3</width></LineStyle></Style>\n',
  trackStart: (name: string, from: number, to: number) =>
    `<Placemark><name>${xmlText(name)}</name><TimeSpan><begin>${iso(from)}</begin><end>${iso(to)}</end></TimeSpan>` +
    '<styleUrl>#track</styleUrl><LineString><tessellate>1</tessellate><coordinates>\n',
  point: (p: ExportPoint) => `${coord(p.lon)},${coord(p.lat)},0\n`,
  trackEnd: () => '</coordinates></LineString></Placemark>\n',
  stay: (s: ExportStay, n: number) =>
    `<Placemark><name>${xmlText(`Stay ${n}`)}</name>` +
    `<description>${xmlText(`${platformTime(s.start)} - ${platformTime(s.end)} (${durationText(s.durationS)})`)}</description>` +
    `<TimeSpan><begin>${iso(s.start)}</begin><end>${iso(s.end)}</end></TimeSpan>` +
    `<Point><coordinates>${coord(s.lon)},${coord(s.lat)},0</coordinates></Point></Placemark>\n`,
  end: () => '</Document></kml>\n',
};
