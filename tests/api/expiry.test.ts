import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_PROTOCOL, DEVICE_STATE } from '../../src/domain/codes';
import { MESSAGES } from '../../src/domain/messages';
import { commands } from '../../server/db/schema/commands';
import { devices } from '../../server/db/schema/devices';
import { offlineCommands } from '../../server/db/schema/offline-commands';
import { users } from '../../server/db/schema/users';
import { closeDatabase, startHarness, type Harness } from './harness';

/**
 * Expired devices on the server (docs/expiry.md): commands (console, offline queue, offline
 * import) and playback are refused with deviceExpired, nothing is queued; lists and the monitor
 * show state 4 and no position; a renewal lifts it at once.
 */
let h: Harness;
let agent: string;
let dev: { id: number; terminalId: string };
const DAY = 86_400_000;

beforeAll(async () => {
  h = await startHarness();
  agent = await h.login('agent');
  // A device of the agent's tree with an offline-capable protocol and a fix: without the expiry
  // rule, an unreachable command would be queued for it and its track would play back.
  const [row] = await h.handle.db
    .select({ id: devices.id, terminalId: devices.terminalId })
    .from(devices)
    .innerJoin(users, eq(users.id, devices.userId))
    .where(
      and(
        eq(users.username, 'user'),
        eq(devices.state, DEVICE_STATE.online),
        inArray(devices.protocol, [DEVICE_PROTOCOL.Bsj, DEVICE_PROTOCOL.R001, DEVICE_PROTOCOL.R002]),
      ),
    )
    .orderBy(devices.id)
    .limit(1);
  dev = row!;
  await expire(dev.id, -DAY);
});

afterAll(async () => {
  await h?.close();
  await closeDatabase();
});

/** Platform expiry `offsetMs` from now (negative: past), decided by the platform date. */
async function expire(id: number, offsetMs: number, userOffsetMs: number | null = null) {
  await h.handle.db
    .update(devices)
    .set({
      expireType: 0,
      platformExpireAt: new Date(Date.now() + offsetMs),
      userExpireAt: userOffsetMs == null ? null : new Date(Date.now() + userOffsetMs),
    })
    .where(eq(devices.id, id));
}

const queuedFor = async (id: number) =>
  (await h.handle.db.select({ n: count() }).from(offlineCommands).where(eq(offlineCommands.deviceId, id)))[0]!
    .n + (await h.handle.db.select({ n: count() }).from(commands).where(eq(commands.deviceId, id)))[0]!.n;

const range = () => ({
  terminalID: dev.terminalId,
  startTime: new Date(Date.now() - 3 * DAY).toISOString(),
  endTime: new Date().toISOString(),
});

describe('commands to an expired device', () => {
  it('are refused with the expired prompt and nothing is queued or sent', async () => {
    const before = await queuedFor(dev.id);
    const send = await h.post(
      '/api/command/sendCommand',
      { terminalID: dev.terminalId, content: 'Relay,1#' },
      agent,
    );
    expect(send.meta).toMatchObject({
      success: false,
      key: 'deviceExpired',
      message: MESSAGES.deviceExpired,
    });
    const offline = await h.post(
      '/api/command/insertOffline',
      { terminalID: dev.terminalId, content: 'Relay,1#' },
      agent,
    );
    expect(offline.meta.key).toBe('deviceExpired');
    const imported = await h.post(
      '/api/command/ChBatchOfflineRecordImport',
      { lines: dev.terminalId, content: 'Relay,1#' },
      agent,
    );
    expect(imported.data).toMatchObject({ imported: 0, total: 1 });
    expect(imported.data.results[0]).toMatchObject({ ok: false, key: 'deviceExpired' });
    expect(await queuedFor(dev.id)).toBe(before);
  });

  it('follow the expiry type: a passed user expiry decides only when the type says so', async () => {
    await expire(dev.id, 30 * DAY, -DAY);
    const body = { terminalID: dev.terminalId, content: 'Relay,1#' };
    const platformDecides = await h.post('/api/command/sendCommand', body, agent);
    expect(platformDecides.meta.key).not.toBe('deviceExpired');
    await h.handle.db.update(devices).set({ expireType: 1 }).where(eq(devices.id, dev.id));
    expect((await h.post('/api/command/sendCommand', body, agent)).meta.key).toBe('deviceExpired');
    await expire(dev.id, -DAY);
  });
});

describe('playback of an expired device', () => {
  it('is refused, history before the expiry included, until renewed', async () => {
    for (const url of ['/api/track/findTrackByTerminalID', '/api/track/findStayAll']) {
      const r = await h.post(url, range(), agent);
      expect(r.meta, url).toMatchObject({ success: false, key: 'deviceExpired' });
    }
    const exported = await h.post(
      '/api/track/exportTrack',
      { ...range(), format: 'gpx', what: 'points' },
      agent,
    );
    expect(exported.meta.key).toBe('deviceExpired');
    await expire(dev.id, 30 * DAY);
    const renewed = await h.post('/api/track/findTrackByTerminalID', range(), agent);
    expect(renewed.status, JSON.stringify(renewed.meta)).toBe(200);
    await expire(dev.id, -DAY);
  });
});

describe('lists and the monitor', () => {
  it('show state 4, no position and the expired tab of an expired device, even when online', async () => {
    const v1 = await h.post('/api/device/findDeviceLocationAll', {}, agent);
    const row = v1.data.find((d: { id: number }) => d.id === dev.id);
    expect(row).toMatchObject({ state: DEVICE_STATE.expired, expireType: 0, location: null });
    const v2 = await h.post('/api/device/findDeviceLocationAllV2', { deviceMenuType: 1 }, agent);
    expect(v2.data.columns.id).not.toContain(dev.id);
    const list = await h.post('/api/device/deviceList', { keyword: dev.terminalId }, agent);
    expect(list.data.list[0]).toMatchObject({ terminalID: dev.terminalId, state: DEVICE_STATE.expired });
    const expiredFilter = await h.post('/api/device/deviceList', { expiry: -1, pageSize: 100 }, agent);
    expect(expiredFilter.data.list.map((d: { id: number }) => d.id)).toContain(dev.id);
  });

  it('a renewal lifts it at once: its stored state shows again', async () => {
    await expire(dev.id, 30 * DAY);
    const v1 = await h.post('/api/device/findDeviceLocationAll', {}, agent);
    const row = v1.data.find((d: { id: number }) => d.id === dev.id);
    expect(row.state).toBe(DEVICE_STATE.online);
    expect(row.location).not.toBeNull();
    await expire(dev.id, -DAY);
  });
});
