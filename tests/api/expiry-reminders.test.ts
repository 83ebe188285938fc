import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPIRY_ALARM_TYPES } from '../../src/domain/alarm-types';
import type { AlarmEvent } from '../../src/domain/live-events';
import { alarms } from '../../server/db/schema/alarms';
import { devices } from '../../server/db/schema/devices';
import { users } from '../../server/db/schema/users';
import { ExpiryReminderJob } from '../../server/jobs/expiry-reminders';
import { closeDatabase, startHarness, type Harness } from './harness';

/**
 * The daily expiry reminders (docs/expiry.md) driven with an injected clock: one alarm per
 * device, type and expiry date however often the job runs; a renewal's new date gets its own;
 * stored and pushed like any alarm, and seen only within the owner's tree.
 */
let h: Harness;
const DAY = 86_400_000;
// A fixed clock: the job never reads the wall clock here.
const NOW = Math.floor(Date.now() / 1000) * 1000;
let clock = NOW;
let job: ExpiryReminderJob;
const dev: Record<'a' | 'b' | 'c' | 'd', { id: number; terminalId: string }> = {} as never;
const pushed: AlarmEvent[] = [];

async function firstDeviceOf(owner: string) {
  const [row] = await h.handle.db
    .select({ id: devices.id, terminalId: devices.terminalId })
    .from(devices)
    .innerJoin(users, eq(users.id, devices.userId))
    .where(eq(users.username, owner))
    .orderBy(asc(devices.id))
    .limit(1);
  return row!;
}

async function setExpiry(id: number, platformDays: number, userDays: number | null = null, expireType = 0) {
  await h.handle.db
    .update(devices)
    .set({
      expireType,
      platformExpireAt: new Date(NOW + platformDays * DAY),
      userExpireAt: userDays == null ? null : new Date(NOW + userDays * DAY),
    })
    .where(eq(devices.id, id));
}

/** The expiry alarms of a device, oldest first. */
const remindersOf = (id: number) =>
  h.handle.db
    .select({ type: alarms.type, time: alarms.time, attributes: alarms.attributes, read: alarms.read })
    .from(alarms)
    .where(and(eq(alarms.deviceId, id), inArray(alarms.type, [...EXPIRY_ALARM_TYPES])))
    .orderBy(asc(alarms.time), asc(alarms.id));

beforeAll(async () => {
  h = await startHarness();
  dev.a = await firstDeviceOf('user');
  dev.b = await firstDeviceOf('agent2');
  dev.c = await firstDeviceOf('agent');
  dev.d = await firstDeviceOf('subagent');
  await setExpiry(dev.a.id, 30);
  await setExpiry(dev.b.id, 3);
  await setExpiry(dev.c.id, -2);
  // The user expiry decides for d: 3 days left, though the platform's is far away.
  await setExpiry(dev.d.id, 400, 3, 1);
  h.app.bus.subscribe<AlarmEvent>('dev.alarm.*', (e) => void pushed.push(e));
  job = new ExpiryReminderJob(h.handle.db, h.app.bus, { now: () => new Date(clock) });
});

afterAll(async () => {
  await job?.stop();
  await h?.close();
  await closeDatabase();
});

const iso = (days: number) => new Date(NOW + days * DAY).toISOString();
const pushedFor = (id: number) => pushed.filter((e) => e.deviceId === id).map((e) => e.alarm);

describe('the expiry reminder job', () => {
  it('raises the reminder each device is due, once, however often it runs', async () => {
    const first = await job.runOnce();
    expect(first.raised).toBeGreaterThanOrEqual(4);
    const second = await job.runOnce();
    expect(second).toEqual({ due: first.due, raised: 0 });

    expect(await remindersOf(dev.a.id)).toEqual([
      {
        type: 'expiring60',
        time: new Date(NOW - 30 * DAY),
        attributes: { expireAt: iso(30), daysLeft: 30 },
        read: false,
      },
    ]);
    // Within 7 days: that reminder only, not the 60-day one as well.
    expect((await remindersOf(dev.b.id)).map((r) => [r.type, r.attributes])).toEqual([
      ['expiring7', { expireAt: iso(3), daysLeft: 3 }],
    ]);
    expect((await remindersOf(dev.c.id)).map((r) => [r.type, r.time])).toEqual([
      ['expired', new Date(iso(-2))],
    ]);
    expect((await remindersOf(dev.d.id)).map((r) => [r.type, r.attributes])).toEqual([
      ['expiring7', { expireAt: iso(3), daysLeft: 3 }],
    ]);
    // Pushed like any alarm, once each.
    expect(pushedFor(dev.a.id)).toEqual(['expiring60']);
    expect(pushedFor(dev.c.id)).toEqual(['expired']);
  });

  it('raises again for a new expiry date (a renewal), and each window in turn', async () => {
    await setExpiry(dev.a.id, 50);
    await job.runOnce();
    await job.runOnce();
    expect((await remindersOf(dev.a.id)).map((r) => [r.type, r.attributes?.expireAt])).toEqual([
      ['expiring60', iso(30)],
      ['expiring60', iso(50)],
    ]);
    // 45 days later the renewed date is 5 days away.
    clock = NOW + 45 * DAY;
    await job.runOnce();
    await job.runOnce();
    expect((await remindersOf(dev.a.id)).map((r) => [r.type, r.attributes?.expireAt])).toEqual([
      ['expiring60', iso(30)],
      ['expiring60', iso(50)],
      ['expiring7', iso(50)],
    ]);
    expect(pushedFor(dev.a.id)).toEqual(['expiring60', 'expiring60', 'expiring7']);
    clock = NOW;
  });
});

describe('who sees the reminders', () => {
  const reminders = async (username: string) => {
    const token = await h.login(username);
    const r = await h.post(
      '/api/deviceAlarms/findAllAlarm',
      {
        types: [...EXPIRY_ALARM_TYPES],
        terminalIDs: Object.values(dev).map((d) => d.terminalId),
        read: 'unread',
        pageSize: 100,
      },
      token,
    );
    expect(r.status, JSON.stringify(r.meta)).toBe(200);
    return new Set(r.data.list.map((a: { terminalID: string }) => a.terminalID));
  };

  it("an account sees its subtree's reminders in the alarm list, unread, and no other tree's", async () => {
    expect(await reminders('agent')).toEqual(new Set([dev.a.terminalId, dev.c.terminalId, dev.d.terminalId]));
    expect(await reminders('subagent')).toEqual(new Set([dev.a.terminalId, dev.d.terminalId]));
    expect(await reminders('user')).toEqual(new Set([dev.a.terminalId]));
    expect(await reminders('agent2')).toEqual(new Set([dev.b.terminalId]));
  });
});
