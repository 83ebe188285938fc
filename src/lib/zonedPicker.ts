/**
 * antd's date pickers work on the browser's clock; the account's days are another zone's
 * (src/domain/time-zone.ts). A picker is given the account's wall clock as a browser-local
 * value and its choice is read back the same way, so the picker shows and picks the times every
 * other screen writes.
 */
import dayjs, { type Dayjs } from 'dayjs';
import { ACCOUNT_ZONE, fromWallClock, wallClock, type ZoneOffset } from '../domain/time-zone';

/** The picker value showing instant `ms` on the zone's clock. */
export function toPicker(ms: number, zone: ZoneOffset = ACCOUNT_ZONE): Dayjs {
  const w = wallClock(ms, zone);
  return dayjs(new Date(w.year, w.month - 1, w.day, w.hour, w.minute, w.second, w.millisecond));
}

/** The instant a picker value stands for on the zone's clock. */
export function fromPicker(d: Dayjs, zone: ZoneOffset = ACCOUNT_ZONE): number {
  return fromWallClock(
    {
      year: d.year(),
      month: d.month() + 1,
      day: d.date(),
      hour: d.hour(),
      minute: d.minute(),
      second: d.second(),
      millisecond: d.millisecond(),
    },
    zone,
  );
}
