import { fixProblem } from '../../../src/domain/fix-validity';
import type { LocationMessage } from '../codec';
import type { PositionRecord } from '../../ingest/position-writer';

/**
 * A decoded fix as the positions table stores it (mileage in metres there, km on the wire).
 * A fix that cannot be a current position (src/domain/fix-validity) is stored with valid false
 * and the reason in its attributes; a time too far ahead is replaced by the receive time, the
 * device's own time kept beside it, so the row sorts where it arrived.
 */
export function toPositionRecord(deviceId: number, m: LocationMessage, now = new Date()): PositionRecord {
  const attributes: Record<string, unknown> = {};
  if (m.gsmSignal !== undefined) attributes.gsm = m.gsmSignal;
  if (m.charging !== undefined) attributes.charging = m.charging;
  if (m.archived) attributes.archived = true;
  if (m.externalVoltage !== undefined) attributes.power = m.externalVoltage;
  if (m.alarms && m.alarms.length > 1) attributes.alarms = m.alarms;
  if (m.attributes) Object.assign(attributes, m.attributes);
  if (m.fuel !== undefined) attributes.fuel = m.fuel;
  if (m.temperature !== undefined) attributes.temperature = m.temperature;
  if (m.iccid !== undefined) attributes.iccid = m.iccid;
  if (m.driverId !== undefined) attributes.driverId = m.driverId;
  if (m.cells?.length) attributes.cells = m.cells;
  if (m.wifi?.length) attributes.wifi = m.wifi;
  const problem = fixProblem(m, now);
  let fixTime = m.time;
  if (problem) {
    attributes.invalid = problem;
    if (problem === 'future') {
      attributes.deviceTime = m.time.toISOString();
      fixTime = now;
    }
  }
  const record: PositionRecord = {
    deviceId,
    fixTime,
    serverTime: now,
    lat: m.latitude,
    lon: m.longitude,
    speed: Number.isFinite(m.speed) ? m.speed : 0,
    course: wholeDegrees(m.course),
    altitude: Number.isFinite(m.altitude) ? m.altitude! : null,
    valid: problem === null,
    positionType: m.positionType ?? 'gps',
    satellites: smallCount(m.satellites),
    acc: m.acc ?? null,
    battery: smallCount(m.battery),
    mileage: m.mileage !== undefined && Number.isFinite(m.mileage) ? m.mileage * 1000 : null,
    alarm: m.alarm ?? null,
    attributes: Object.keys(attributes).length ? attributes : null,
  };
  if (m.tires) record.tires = m.tires.events;
  return record;
}

/*
 * The table keeps course, satellites and battery as small integers: a decoder's 178.48 degrees
 * or a misread count must not fail the insert, which would hold back the writer's whole batch.
 */
const wholeDegrees = (course: number): number =>
  Number.isFinite(course) ? ((Math.round(course) % 360) + 360) % 360 : 0;

const smallCount = (n: number | undefined): number | null =>
  n !== undefined && Number.isFinite(n) && n >= 0 && n <= 32_767 ? Math.round(n) : null;
