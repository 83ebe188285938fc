import { DAY_MS, dayStart } from './track/days';

/**
 * The alarm list's rules (docs/api/alarms.md), shared by the server's findAllAlarm and the
 * screens: read filters, limits of a request, the time window of a day range and the bell's
 * unread count.
 */

/** The read filter: every alarm, the unread ones (the spec's alarms screen) or the read ones. */
export const ALARM_READ_STATES = ['all', 'unread', 'read'] as const;
export type AlarmReadState = (typeof ALARM_READ_STATES)[number];

/** Alarms one mark or delete call may name by id (a page is at most 100; selections span pages). */
export const ALARM_IDS_MAX = 1_000;
/** Rows of an alarm export; x-export-truncated tells when more matched. */
export const ALARM_EXPORT_MAX = 20_000;
/** Length of a saved address (the alarms.address column). */
export const ALARM_ADDRESS_MAX = 255;
/** Length of an alarm type key (the alarms.type column). */
export const ALARM_TYPE_MAX = 32;
/** Alarm types one filter may name. */
export const ALARM_TYPES_FILTER_MAX = 64;

/**
 * The instants [from, to) of a range of platform days (both ends included, either may be
 * absent), or the message key of a range that ends before it starts.
 */
export function alarmWindow(startDate?: string, endDate?: string): { from?: Date; to?: Date } | 'rangeOrder' {
  if (startDate && endDate && endDate < startDate) return 'rangeOrder';
  return {
    from: startDate ? new Date(dayStart(startDate)) : undefined,
    to: endDate ? new Date(dayStart(endDate) + DAY_MS) : undefined,
  };
}

/**
 * The monitor bell's unread count: the server's unread total when it answered, plus the alarms
 * the websocket delivered since (each new alarm is unread). Alarms that arrive before the
 * answer are in the total already, so the answer starts the live count again.
 */
export interface BellCount {
  total: number | null;
  live: number;
}
export const BELL_START: BellCount = { total: null, live: 0 };
export const bellTotal = (_s: BellCount, total: number): BellCount => ({ total, live: 0 });
export const bellLive = (s: BellCount, n: number): BellCount => ({ ...s, live: s.live + n });
export const bellShown = (s: BellCount) => (s.total ?? 0) + s.live;
