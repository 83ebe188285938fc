import type { LocationMessage } from '../codec';
import { knownAlarm, osmandHeader, RESERVED_NAMES } from './message';
import type { OsmAndDecoded } from './params';
import { checkTraccarJson, schemaError } from './schema';
import { course, KMH_PER_MPS, round, timestamp } from './values';


/**
 * The Traccar Client's JSON body (application/json, app version 9+): one location of the
 * background-geolocation SDK. Units differ from the query form: speed in m/s, battery level
 * 0..1, odometer in metres, time ISO 8601; -1 means "unknown".
 */
export function decodeTraccarJson(text: string): OsmAndDecoded {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { ok: false, error: 'body is not JSON' };
  }
  if (!checkTraccarJson(body)) {
    const id = (body as { device_id?: unknown } | null)?.device_id;
    return {
      ok: false,
      error: schemaError(checkTraccarJson.errors),
      ...(typeof id === 'string' && { terminalId: id }),
    };
  }
  const terminalId = body.device_id.trim();
  const loc = body.location;
  const c = loc.coords;
  const time = timestamp(loc.timestamp);
  if (!terminalId) return { ok: false, error: 'device_id is missing' };
  if (!time) return { ok: false, terminalId, error: 'timestamp is invalid' };

  const attributes: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(loc.extras ?? {})) if (!RESERVED_NAMES.has(k)) attributes[k] = v;
  if (c.accuracy !== undefined && c.accuracy >= 0) attributes.accuracy = c.accuracy;
  if (loc.is_moving !== undefined) attributes.motion = loc.is_moving;
  if (loc.event) attributes.event = loc.event;
  if (loc.activity?.type) attributes.activity = loc.activity.type;
  if (loc.mock) attributes.mock = true;
  const alarmText = loc.alarm ?? (typeof loc.extras?.alarm === 'string' ? loc.extras.alarm : undefined);
  const alarm = knownAlarm(alarmText);
  const level = loc.battery?.level;

  const message: LocationMessage = {
    ...osmandHeader(terminalId, alarm),
    time,
    valid: true,
    latitude: c.latitude,
    longitude: c.longitude,
    speed: c.speed === undefined || c.speed < 0 ? 0 : round(c.speed * KMH_PER_MPS, 2),
    course: course(c.heading) ?? 0,
    ...(c.altitude !== undefined && { altitude: c.altitude }),
    ...(level !== undefined && level >= 0 && { battery: Math.round(level * 100) }),
    ...(loc.battery?.is_charging !== undefined && { charging: loc.battery.is_charging }),
    ...(loc.odometer !== undefined && { mileage: loc.odometer / 1000 }),
    ...(alarm && { alarm }),
    ...(Object.keys(attributes).length && { attributes }),
  };
  return { ok: true, terminalId, message };
}
