/**
 * Which expiry reminder a device is due (issue 14, item 4), pure so that the daily job and the
 * tests share the rule. docs/expiry.md describes it.
 */
import type { ExpiryAlarmType } from './alarm-types';
import { DAY_MS, expiryStatus, type ExpiryFields } from './expiry';

/**
 * An "expired" reminder is raised only for expiries passed within this many days: a platform
 * that starts the job for the first time does not flood its users with years-old expiries.
 */
export const EXPIRED_REMINDER_DAYS = 30;

export interface ExpiryReminder {
  type: ExpiryAlarmType;
  /** The decisive expiry the reminder is about, epoch ms: one reminder per type and date. */
  expireAt: number;
  /**
   * When the condition began: the expiry minus 7 or 60 days, or the expiry itself. The same on
   * every run and every node, so the alarms' unique (device, time, type) stores it once.
   */
  time: number;
  daysLeft: number;
}

const WINDOWS: readonly { type: ExpiryAlarmType; days: number }[] = [
  { type: 'expiring7', days: 7 },
  { type: 'expiring60', days: 60 },
];

/**
 * The reminder a device is due at `now`, or null. Only the tightest one: a device first seen
 * 5 days before its expiry (just renewed for a short term, or the job just started) gets
 * "within 7 days", not both; a device that was seen at 59 days then at 7 gets each in turn.
 */
export function expiryReminder(d: ExpiryFields, now: number): ExpiryReminder | null {
  const s = expiryStatus(d, now);
  if (s.at == null || s.band == null || s.daysLeft == null) return null;
  if (s.expired) {
    if (now - s.at > EXPIRED_REMINDER_DAYS * DAY_MS) return null;
    return { type: 'expired', expireAt: s.at, time: s.at, daysLeft: s.daysLeft };
  }
  const w = WINDOWS.find((x) => s.at! - now <= x.days * DAY_MS)!;
  return { type: w.type, expireAt: s.at, time: s.at - w.days * DAY_MS, daysLeft: s.daysLeft };
}

/** The largest window a reminder looks ahead, in days: the job's candidate query. */
export const REMINDER_AHEAD_DAYS = Math.max(...WINDOWS.map((w) => w.days));
