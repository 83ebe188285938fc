import type { LocationMessage } from '../codec';
import type { PositionRecord } from '../../ingest/position-writer';

/** A decoded fix as the positions table stores it (mileage in metres there, km on the wire). */
export function toPositionRecord(deviceId: number, m: LocationMessage, now = new Date()): PositionRecord {
  const attributes: Record<string, unknown> = {};
  if (m.gsmSignal !== undefined) attributes.gsm = m.gsmSignal;
  if (m.charging !== undefined) attributes.charging = m.charging;
  if (m.archived) attributes.archived = true;
  if (m.externalVoltage !== undefined) attributes.power = m.externalVoltage;
  if (m.alarms && m.alarms.length > 1) attributes.alarms = m.alarms;
  return {
    deviceId,
    fixTime: m.time,
    serverTime: now,
    lat: m.latitude,
    lon: m.longitude,
    speed: m.speed,
    course: m.course,
    altitude: m.altitude ?? null,
    valid: m.valid,
    positionType: m.positionType ?? 'gps',
    satellites: m.satellites ?? null,
    acc: m.acc ?? null,
    battery: m.battery ?? null,
    mileage: m.mileage !== undefined ? m.mileage * 1000 : null,
    alarm: m.alarm ?? null,
    attributes: Object.keys(attributes).length ? attributes : null,
  };
}
