/**
 * What the statistics reports answer (issue 16; docs/api/statistics.md). Shapes of
 * server/services/stats/*: pages `{list, total}` with per-date sums and totals.
 */
import type { TObject, TProperties } from 'typebox';
import { Nullable, Row, Type } from '../../lib/schema/response';

const Str = () => Type.String();
const Int = () => Type.Integer();
const Num = (description?: string) => Type.Number(description ? { description } : {});
const Day = () => Type.String({ format: 'date', description: 'YYYY-MM-DD' });
const Ms = () => Type.Number({ description: 'Epoch ms' });
const Device = {
  terminalID: Str(),
  name: Type.String({ description: 'Plate, name or IMEI, the first set' }),
};
const page = <T extends TProperties>(item: TObject, rest: T) =>
  Row({ list: Type.Array(item), total: Type.Integer({ minimum: 0 }), ...rest });

/** The days a report covers (none after the account's today) and the zone they are cut in. */
const Period = Row(
  {
    startDate: Day(),
    endDate: Day(),
    timeZone: Type.String({ description: 'The account zone the days are cut in, e.g. GMT+8' }),
  },
  { description: "The days covered: endDate is at most the account's today" },
);

const MileageDay = Row({ date: Day(), mileageM: Num('Metres'), movingS: Num('Seconds'), devices: Int() });
const MileageTotals = Row({ mileageM: Num(), movingS: Num(), devices: Int(), rows: Int() });

/** countMileage: rows per device and day, per device (with days) or per day (groupBy). */
export const Mileage = page(
  Row({
    terminalID: Type.Optional(Str()),
    name: Type.Optional(Str()),
    date: Type.Optional(Day()),
    mileageM: Num('Metres'),
    movingS: Num('Seconds'),
    maxSpeed: Type.Optional(Num('km/h')),
    days: Type.Optional(Type.Integer({ description: 'groupBy device: days with data' })),
    devices: Type.Optional(Type.Integer({ description: 'groupBy day: devices with data' })),
  }),
  { byDate: Type.Array(MileageDay), totals: MileageTotals, period: Period },
);

/** findStatistics: countMileage per device and day in the spec's names. */
export const Statistics = page(
  Row({
    ...Device,
    statsticDate: Day(),
    mileageM: Num('Metres'),
    movingS: Num('Seconds'),
    maxSpeed: Num('km/h'),
  }),
  { byDate: Type.Array(MileageDay), totals: MileageTotals },
);

export const Alarms = page(
  Row({ ...Device, date: Day(), type: Type.String({ description: 'Alarm type' }), count: Int() }),
  {
    byDate: Type.Array(Row({ date: Day(), alarms: Int(), devices: Int() })),
    byType: Type.Record(Type.String(), Int(), { description: 'Alarms per type' }),
    totals: Row({ alarms: Int(), devices: Int() }),
  },
);

export const Stays = page(
  Row({ ...Device, start: Ms(), end: Ms(), durationS: Num('Seconds'), lat: Num(), lon: Num() }),
  {
    byDate: Type.Array(Row({ date: Day(), stays: Int(), durationS: Num() })),
    totals: Row({ stays: Int(), durationS: Num(), devices: Int() }),
    period: Period,
  },
);

export const Trips = page(
  Row({
    ...Device,
    start: Ms(),
    end: Ms(),
    durationS: Num('Seconds'),
    distanceM: Num('Metres'),
    avgSpeed: Num('km/h over the whole trip'),
    topSpeed: Num('km/h'),
    startLat: Nullable(Num()),
    startLon: Nullable(Num()),
    endLat: Nullable(Num()),
    endLon: Nullable(Num()),
  }),
  {
    byDate: Type.Array(Row({ date: Day(), trips: Int(), distanceM: Num(), durationS: Num() })),
    totals: Row({ trips: Int(), distanceM: Num(), durationS: Num(), devices: Int() }),
    period: Period,
  },
);

const Who = { terminalID: Str(), name: Str() };
export const Engine = page(Row({ ...Who, date: Day(), onS: Num('Seconds with ignition on'), idleS: Num('Seconds idling') }), {
  idling: Type.Array(Row({ ...Who, start: Ms(), end: Ms(), durationS: Num('Seconds'), lat: Num(), lon: Num() })),
  noIgnition: Type.Array(Row(Who), { description: 'Devices whose fixes never carry the ignition state' }),
  totals: Row({ onS: Num(), idleS: Num(), idlings: Int(), devices: Int() }),
  period: Period,
});

export const TrackInfo = page(
  Row({
    ...Device,
    mileageM: Num('Metres'),
    movingS: Num('Seconds'),
    maxSpeed: Num('km/h'),
    avgSpeed: Num('km/h while moving'),
    points: Num(),
    days: Int(),
    firstFix: Nullable(Ms()),
    lastFix: Nullable(Ms()),
  }),
  { totals: Row({ mileageM: Num(), movingS: Num(), points: Num(), devices: Int() }) },
);

const Stamp = () => Type.String({ format: 'date-time' });
export const PastDue = page(
  Row({
    ...Device,
    username: Str(),
    deviceType: Str(),
    platformExpireAt: Nullable(Stamp()),
    userExpireAt: Nullable(Stamp()),
    expireAt: Type.String({ format: 'date-time', description: 'The decisive expiry' }),
    daysLeft: Type.Number({ description: 'Negative once expired' }),
    status: Type.String({ description: 'expired, within7Days or within60Days' }),
  }),
  { counts: Row({ expired: Int(), within7Days: Int(), within60Days: Int() }) },
);

export const Battery = page(
  Row({
    ...Device,
    deviceType: Str(),
    battery: Nullable(Num('Percent')),
    level: Type.String({ description: 'low, medium, high or unknown' }),
    batteryMin: Nullable(Num('Lowest percent over the dates')),
    fixTime: Nullable(Ms()),
  }),
  {
    counts: Row({ low: Int(), medium: Int(), high: Int(), unknown: Int() }),
    unsupportedModels: Type.Array(Row({ model: Str(), devices: Int() }), {
      description: 'Models without battery support and their device counts',
    }),
  },
);
