import { and, inArray, sql } from 'drizzle-orm';
import { EXPIRY_ALARM_TYPES } from '../../src/domain/alarm-types';
import { DAY_MS } from '../../src/domain/expiry';
import {
  EXPIRED_REMINDER_DAYS,
  expiryReminder,
  REMINDER_AHEAD_DAYS,
  type ExpiryReminder,
} from '../../src/domain/expiry-reminders';
import { storeAlarms, type NewAlarm } from '../alarms/store';
import type { EventBus } from '../bus/types';
import type { Db } from '../db/client';
import { alarms } from '../db/schema/alarms';
import { devices } from '../db/schema/devices';
import { decisiveExpirySql } from '../services/devices/expiry-sql';
import { PeriodicJob } from './periodic';

/**
 * The daily expiry reminders (docs/expiry.md): every device whose decisive expiry falls within
 * 60 or 7 days, or passed in the last EXPIRED_REMINDER_DAYS, gets the reminder it is due
 * (src/domain/expiry-reminders.ts) once per type and expiry date, as an alarm of its own:
 * stored, notified and pushed by storeAlarms like any alarm, so it reaches the alarm list, the
 * bell and the websocket of whoever sees the device. A renewal moves the expiry, and the new
 * date gets its own reminders.
 *
 * A run raises only what the alarms table does not hold yet (same device, type and
 * `attributes.expireAt`), so running it again, after a restart or on a second node, adds
 * nothing; two nodes at the same instant write the same (device, time, type), which the
 * table's unique index stores once.
 */

export interface ExpiryJobOptions {
  /** Between runs; default a day. The first run comes shortly after start. */
  intervalMs?: number;
  now?: () => Date;
}

export interface ExpiryRunReport {
  /** Devices with a reminder due. */
  due: number;
  /** Reminders stored now (the others were raised before). */
  raised: number;
}

/** Devices (and alarm look-ups) per statement. */
const CHUNK = 1_000;

interface Candidate {
  id: number;
  terminalId: string;
  reminder: ExpiryReminder;
}

export class ExpiryReminderJob extends PeriodicJob<ExpiryRunReport> {
  readonly opts: Required<ExpiryJobOptions>;

  constructor(
    private db: Db,
    private bus: EventBus,
    opts: ExpiryJobOptions = {},
  ) {
    super('expiry-reminders');
    this.opts = { intervalMs: DAY_MS, now: () => new Date(), ...opts };
  }

  protected nextDelay() {
    return this.opts.intervalMs;
  }

  protected async pass(): Promise<ExpiryRunReport> {
    const now = this.opts.now().getTime();
    const due = await this.candidates(now);
    let raised = 0;
    for (let i = 0; i < due.length && !this.stopped; i += CHUNK) {
      const part = due.slice(i, i + CHUNK);
      const known = await this.raisedBefore(part);
      const fresh = part.filter((c) => !known.has(keyOf(c.id, c.reminder.type, c.reminder.expireAt)));
      raised += (await storeAlarms(this.db, this.bus, fresh.map(alarmOf))).length;
    }
    return { due: due.length, raised };
  }

  /** Devices whose decisive expiry lies in the reminders' reach, with the reminder each is due. */
  private async candidates(now: number): Promise<Candidate[]> {
    const iso = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;
    const rows = await this.db
      .select({
        id: devices.id,
        terminalId: devices.terminalId,
        expireType: devices.expireType,
        platformExpireAt: devices.platformExpireAt,
        userExpireAt: devices.userExpireAt,
      })
      .from(devices)
      .where(
        sql`${decisiveExpirySql} BETWEEN ${iso(now - EXPIRED_REMINDER_DAYS * DAY_MS)}
          AND ${iso(now + REMINDER_AHEAD_DAYS * DAY_MS)}`,
      )
      .orderBy(devices.id);
    return rows.flatMap((r) => {
      const reminder = expiryReminder(r, now);
      return reminder ? [{ id: r.id, terminalId: r.terminalId, reminder }] : [];
    });
  }

  /** The (device, type, expiry) of the expiry alarms these devices already have. */
  private async raisedBefore(part: readonly Candidate[]): Promise<Set<string>> {
    const rows = await this.db
      .select({
        deviceId: alarms.deviceId,
        type: alarms.type,
        expireAt: sql<string | null>`${alarms.attributes}->>'expireAt'`,
      })
      .from(alarms)
      .where(
        and(
          inArray(
            alarms.deviceId,
            part.map((c) => c.id),
          ),
          inArray(alarms.type, [...EXPIRY_ALARM_TYPES]),
        ),
      );
    return new Set(rows.map((r) => keyOf(r.deviceId, r.type, r.expireAt ? Date.parse(r.expireAt) : NaN)));
  }
}

const keyOf = (deviceId: number, type: string, expireAt: number) => `${deviceId}|${type}|${expireAt}`;

/** The alarm of a reminder: no position (an expired device's whereabouts are not shown). */
function alarmOf(c: Candidate): NewAlarm {
  const r = c.reminder;
  return {
    deviceId: c.id,
    terminalId: c.terminalId,
    type: r.type,
    time: new Date(r.time),
    lat: null,
    lon: null,
    speed: null,
    attributes: { expireAt: new Date(r.expireAt).toISOString(), daysLeft: r.daysLeft },
  };
}
