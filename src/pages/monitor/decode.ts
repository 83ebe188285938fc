/**
 * POST /device/findDeviceLocationAllV2 answers in columns (one array per field, times in epoch
 * ms) to keep a 10,000-device payload small; the page works on device objects.
 */
import type { MonitorDevice } from '../../domain/device-view';

export interface LocationColumns {
  id: number[];
  terminalID: string[];
  nickname: (string | null)[];
  carNumber: (string | null)[];
  userId: (number | null)[];
  state: number[];
  deviceProtocol: number[];
  deviceType: string[];
  iconType: number[];
  platformExpireAt: (number | null)[];
  userExpireAt: (number | null)[];
  stateTime: (number | null)[];
  lat: (number | null)[];
  lon: (number | null)[];
  speed: (number | null)[];
  course: (number | null)[];
  fixTime: (number | null)[];
  positionType: (string | null)[];
  battery: (number | null)[];
  acc: (boolean | null)[];
}

export interface LocationsV2 {
  total: number;
  counts: Record<number, number>;
  columns: LocationColumns;
}

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
