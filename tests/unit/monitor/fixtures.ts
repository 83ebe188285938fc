import type { MonitorDevice } from '../../../src/domain/device-view';

export const NOW = Date.parse('2026-06-01T12:00:00Z');
export const ago = (ms: number) => new Date(NOW - ms).toISOString();
export const inDays = (days: number) => new Date(NOW + days * 86_400_000).toISOString();

let nextId = 1;

/** An online device with a fresh fix, unless overridden. */
export function device(
  over: Partial<MonitorDevice> & { speed?: number; gapMs?: number } = {},
): MonitorDevice {
  const { speed = 40, gapMs = 5_000, ...rest } = over;
  const id = rest.id ?? nextId++;
  return {
    id,
    terminalID: `86000000000${String(id).padStart(4, '0')}`,
    nickname: null,
    carNumber: null,
    userId: 2,
    state: 1,
    deviceProtocol: 13,
    deviceType: 'GT06',
    iconType: 1,
    platformExpireAt: null,
    userExpireAt: null,
    stateTime: ago(3_600_000),
    location: {
      lat: 39.9,
      lon: 116.4,
      speed,
      course: 90,
      utcTime: ago(gapMs),
      positionType: 'gps',
      battery: 80,
      acc: true,
    },
    ...rest,
  };
}
