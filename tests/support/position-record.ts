import type { PositionRecord } from '../../server/ingest/position-writer';

/**
 * A valid GPS fix of `deviceId` at `at` (a Date, epoch ms or ISO text) on its way to the
 * position writer; `extra` sets what a test cares about.
 */
export const positionRecord = (
  deviceId: number,
  at: Date | number | string,
  extra: Partial<PositionRecord> = {},
): PositionRecord => ({
  deviceId,
  fixTime: new Date(at),
  serverTime: new Date(),
  lat: 39.9,
  lon: 116.4,
  speed: 10,
  course: 0,
  altitude: null,
  valid: true,
  positionType: 'gps',
  satellites: 9,
  acc: true,
  battery: null,
  mileage: null,
  alarm: null,
  attributes: null,
  ...extra,
});
