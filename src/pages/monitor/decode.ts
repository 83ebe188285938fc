/**
 * POST /device/findDeviceLocationAllV2 answers in columns (src/domain/device-locations.ts) to
 * keep a 10,000-device payload small; the page works on device objects.
 */
import type { LocationColumns } from '../../domain/device-locations';
import type { MonitorDevice } from '../../domain/device-view';

const iso = (ms: number | null | undefined) => (ms == null ? null : new Date(ms).toISOString());

export function devicesFromColumns(c: LocationColumns): MonitorDevice[] {
  const out: MonitorDevice[] = new Array(c.id.length);
  for (let i = 0; i < c.id.length; i++) {
    const lat = c.lat[i];
    const lon = c.lon[i];
    const fix = c.fixTime[i];
    out[i] = {
      id: c.id[i],
      terminalID: c.terminalID[i],
      nickname: c.nickname[i],
      carNumber: c.carNumber[i],
      userId: c.userId[i],
      state: c.state[i],
      deviceProtocol: c.deviceProtocol[i],
      deviceType: c.deviceType[i],
      iconType: c.iconType[i],
      expireType: c.expireType[i],
      platformExpireAt: iso(c.platformExpireAt[i]),
      userExpireAt: iso(c.userExpireAt[i]),
      stateTime: iso(c.stateTime[i]),
      location:
        lat == null || lon == null || fix == null
          ? null
          : {
              lat,
              lon,
              speed: c.speed[i] ?? 0,
              course: c.course[i] ?? 0,
              utcTime: new Date(fix).toISOString(),
              positionType: c.positionType[i],
              battery: c.battery[i],
              acc: c.acc[i],
            },
    };
  }
  return out;
}
