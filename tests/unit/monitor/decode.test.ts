import { describe, expect, it } from 'vitest';
import type { LocationColumns } from '../../../src/domain/device-locations';
import { devicesFromColumns } from '../../../src/pages/monitor/decode';

describe('findDeviceLocationAllV2 columns', () => {
  it('turns column i into device i, epoch times into ISO strings, and no fix into no location', () => {
    const fix = Date.parse('2026-05-01T08:00:00Z');
    const c: LocationColumns = {
      id: [1, 2],
      terminalID: ['868120000000001', '868120000000002'],
      nickname: ['A', null],
      carNumber: ['京A00001', null],
      userId: [2, 3],
      state: [1, 3],
      deviceProtocol: [13, 14],
      deviceType: ['GT06', '808'],
      iconType: [1, 5],
      expireType: [0, 1],
      platformExpireAt: [fix + 86_400_000, null],
      userExpireAt: [null, null],
      stateTime: [fix - 60_000, null],
      lat: [39.9, null],
      lon: [116.4, null],
      speed: [35, null],
      course: [90, null],
      fixTime: [fix, null],
      positionType: ['gps', null],
      battery: [80, null],
      acc: [true, null],
    };
    const [a, b] = devicesFromColumns(c);
    expect(a).toMatchObject({
      id: 1,
      terminalID: '868120000000001',
      carNumber: '京A00001',
      state: 1,
      iconType: 1,
      expireType: 0,
      platformExpireAt: '2026-05-02T08:00:00.000Z',
      stateTime: '2026-05-01T07:59:00.000Z',
      location: {
        lat: 39.9,
        lon: 116.4,
        speed: 35,
        course: 90,
        utcTime: '2026-05-01T08:00:00.000Z',
        positionType: 'gps',
      },
    });
    expect(b).toMatchObject({ id: 2, state: 3, expireType: 1, platformExpireAt: null, location: null });
  });
});
