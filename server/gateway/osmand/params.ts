import type { LocationMessage } from '../codec';
import { knownAlarm, osmandHeader, RESERVED_NAMES } from './message';
import { checkParams, schemaError } from './schema';
import { attribute, bool, course, KMH_PER_KNOT, num, round, timestamp } from './values';

/** A decoded OsmAnd request: the device it names and its fix, or why it is refused (400). */
export type OsmAndDecoded =
  | { ok: true; terminalId: string; message: LocationMessage }
  | { ok: false; error: string; terminalId?: string };

/** Parameters this decoder reads itself; every other one becomes a position attribute. */
export const OSMAND_PARAMS: ReadonlySet<string> = new Set([
  'id',
  'deviceid',
  'lat',
  'lon',
  'location',
  'timestamp',
  'speed',
  'bearing',
  'heading',
  'altitude',
  'accuracy',
  'hdop',
  'batt',
  'charge',
  'valid',
  'driverUniqueId',
  'sat',
  'alarm',
]);

/**
 * The OsmAnd query or form parameters (docs/protocols.md, "OsmAnd"): `id`, `lat`/`lon` or
 * `location=lat,lon`, `timestamp` (unix s or ms, ISO, yyyy-MM-dd HH:mm:ss UTC), `speed` in
 * knots as OsmAnd and the Traccar Client send it, `bearing`/`heading`, `altitude`, `accuracy`,
 * `hdop`, `batt` (%), `charge`, `valid`, `driverUniqueId`, `sat`, `alarm`; the rest are
 * attributes. A known parameter with an unreadable value is refused, never guessed.
 */
export function decodeParams(entries: Iterable<[string, string]>, now = new Date()): OsmAndDecoded {
  // The last value of a repeated name wins (an app appending its own copy of a parameter); an
  // empty value is no value (apps fill absent fields of their URL template with nothing).
  const p: Record<string, string> = {};
  for (const [k, v] of entries) if (!RESERVED_NAMES.has(k) && v !== '') p[k] = v;
  if (!checkParams(p)) return { ok: false, error: schemaError(checkParams.errors) };
  const terminalId = (p.id ?? p.deviceid ?? '').trim();
  if (!terminalId || terminalId.length > 32 || !/^[\x21-\x7E]+$/.test(terminalId))
    return { ok: false, error: 'id is missing or invalid' };
  const fail = (name: string) => ({ ok: false as const, terminalId, error: `${name} is invalid` });

  let lat = num(p.lat);
  let lon = num(p.lon);
  if (p.location !== undefined) {
    const [a, b, ...rest] = p.location.split(',');
    lat = num(a);
    lon = num(b);
    if (rest.length) return fail('location');
  }
  if (lat === undefined || lon === undefined) return fail(p.location !== undefined ? 'location' : 'lat/lon');
  if (lat < -90 || lat > 90) return fail('lat');
  if (lon < -180 || lon > 180) return fail('lon');

  const time = p.timestamp === undefined ? now : timestamp(p.timestamp);
  if (!time) return fail('timestamp');
  const numbers: Record<string, number | undefined> = {};
  for (const name of ['speed', 'bearing', 'heading', 'altitude', 'accuracy', 'hdop', 'batt', 'sat']) {
    if (p[name] === undefined || p[name] === '') continue;
    numbers[name] = num(p[name]);
    if (numbers[name] === undefined) return fail(name);
  }
  const valid = p.valid === undefined ? true : bool(p.valid);
  if (valid === undefined) return fail('valid');
  const charging = p.charge === undefined ? undefined : bool(p.charge);
  if (p.charge !== undefined && charging === undefined) return fail('charge');
  const alarm = knownAlarm(p.alarm);

  const attributes: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(p)) if (!OSMAND_PARAMS.has(k)) attributes[k] = attribute(v);
  if (numbers.accuracy !== undefined) attributes.accuracy = numbers.accuracy;
  if (numbers.hdop !== undefined) attributes.hdop = numbers.hdop;
  if (p.alarm && !alarm) attributes.alarm = p.alarm;

  const speed = numbers.speed;
  const batt = numbers.batt;
  const message: LocationMessage = {
    ...osmandHeader(terminalId, alarm),
    time,
    valid,
    latitude: lat,
    longitude: lon,
    // Negative: the app has no speed (Android's "unknown").
    speed: speed === undefined || speed < 0 ? 0 : round(speed * KMH_PER_KNOT, 2),
    course: course(numbers.bearing ?? numbers.heading) ?? 0,
    ...(numbers.altitude !== undefined && { altitude: numbers.altitude }),
    ...(numbers.sat !== undefined && { satellites: Math.max(0, Math.min(99, Math.round(numbers.sat))) }),
    ...(batt !== undefined && batt >= 0 && { battery: Math.min(100, Math.round(batt)) }),
    ...(charging !== undefined && { charging }),
    ...(p.driverUniqueId && { driverId: p.driverUniqueId }),
    ...(alarm && { alarm }),
    ...(Object.keys(attributes).length && { attributes }),
  };
  return { ok: true, terminalId, message };
}
