import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { deviceTypes } from '../../server/db/schema/device-types';
import { devices } from '../../server/db/schema/devices';
import { verifyPassword } from '../../server/services/passwords';
import { MESSAGES } from '../../src/domain/messages';
import { closeDatabase, startHarness, type Harness } from './harness';
import { ownedBy, reread } from './device-fixture';

let h: Harness;
let agent: string;
const DAY = 86_400_000;

beforeAll(async () => {
  h = await startHarness();
  agent = await h.login('agent');
});
afterAll(async () => {
  await h.close();
  await closeDatabase();
});

const tids = (rows: { terminalId: string }[]) => rows.map((r) => r.terminalId);

describe('POST /api/device/deviceTransform', () => {
  it('moves devices within the subtree and reports each failure with its own message', async () => {
    const mine = tids((await ownedBy(h, 'agent')).slice(0, 4));
    const already = tids((await ownedBy(h, 'subagent')).slice(0, 1));
    const foreign = tids((await ownedBy(h, 'agent2')).slice(0, 1));
    const subagentId = await h.idOf('subagent');
    const r = await h.post(
      '/api/device/deviceTransform',
      { terminalIDs: [...mine, ` ${mine[0]} `, ...already, ...foreign, '000000000000'], userId: subagentId },
      agent,
    );
    expect(r.meta.success).toBe(true);
    expect(r.data.total).toBe(7);
    expect(r.data.succeeded).toBe(4);
    expect(r.data.failed).toEqual([
      { terminalID: already[0], key: 'deviceAlreadyOwned', message: MESSAGES.deviceAlreadyOwned },
      { terminalID: foreign[0], key: 'notFound', message: MESSAGES.notFound },
      { terminalID: '000000000000', key: 'notFound', message: MESSAGES.notFound },
    ]);
    const after = await reread(h, [...mine, ...foreign]);
    for (const t of mine) expect(after.get(t)!.userId).toBe(subagentId);
    expect(after.get(foreign[0]!)!.userId).toBe(await h.idOf('agent2'));
  });

  it("never moves a device into another agent's tree", async () => {
    const mine = tids((await ownedBy(h, 'agent')).slice(0, 3));
    const r = await h.post(
      '/api/device/deviceTransform',
      { terminalIDs: mine, userId: await h.idOf('agent2') },
      agent,
    );
    expect(r.status).toBe(404);
    expect(r.meta.key).toBe('notFound');
    const after = await reread(h, mine);
    for (const t of mine) expect(after.get(t)!.userId).toBe(await h.idOf('agent'));
  });

  it("a sub-agent cannot move its parent agent's own devices", async () => {
    const parents = tids((await ownedBy(h, 'agent')).slice(0, 2));
    const r = await h.post(
      '/api/device/deviceTransform',
      { terminalIDs: parents, userId: await h.idOf('user') },
      await h.login('subagent'),
    );
    expect(r.data.succeeded).toBe(0);
    expect(r.data.failed.map((f: { key: string }) => f.key)).toEqual(['notFound', 'notFound']);
    const after = await reread(h, parents);
    for (const t of parents) expect(after.get(t)!.userId).toBe(await h.idOf('agent'));
  });

  it('role matrix: user lacks device:transfer (9906), demo is refused on writes', async () => {
    const own = tids((await ownedBy(h, 'user')).slice(0, 1));
    const asUser = await h.post(
      '/api/device/deviceTransform',
      { terminalIDs: own, userId: await h.idOf('user') },
      await h.login('user'),
    );
    expect(asUser.status).toBe(403);
    expect(asUser.meta.message).toBe('9906');
    const demoDevices = tids((await ownedBy(h, 'demo')).slice(0, 1));
    const asDemo = await h.post(
      '/api/device/updateIconTypeList',
      { terminalIDs: demoDevices, iconType: 3 },
      await h.login('demo'),
    );
    expect(asDemo.status).toBe(403);
    expect(asDemo.meta.key).toBe('demoForbidden');
    expect(asDemo.meta.message).toBe(MESSAGES.demoForbidden);
    expect((await reread(h, demoDevices)).get(demoDevices[0]!)!.iconType).not.toBe(3);
    const superUser = await h.post(
      '/api/device/deviceUpdateTime',
      { terminalIDs: tids(await ownedBy(h, 'superuser')), platformExpireAt: new Date().toISOString() },
      await h.login('superuser'),
    );
    expect(superUser.meta.message).toBe('9906');
  });
});

describe('batch updates', () => {
  const run = async (path: string, body: object, token = agent) => h.post(`/api/device/${path}`, body, token);

  it('refuses an empty or oversized list and invalid values, changing nothing', async () => {
    const some = tids((await ownedBy(h, 'agent')).slice(0, 2));
    const before = await reread(h, some);
    const cases: [string, object, string][] = [
      ['updateIconTypeList', { terminalIDs: [], iconType: 2 }, 'deviceListEmpty'],
      ['updateIconTypeList', { terminalIDs: [' ', ''], iconType: 2 }, 'deviceListEmpty'],
      [
        'updateIconTypeList',
        { terminalIDs: Array.from({ length: 10_001 }, (_, i) => `x${i}`), iconType: 2 },
        'batchTooLarge',
      ],
      ['updateIconTypeList', { terminalIDs: some, iconType: 17 }, 'iconTypeInvalid'],
      ['updateIconTypeList', { terminalIDs: some, iconType: 0 }, 'iconTypeInvalid'],
      ['updateZoneImeiList', { terminalIDs: some, timezone: 13 }, 'timezoneInvalid'],
      ['updateZoneImeiList', { terminalIDs: some, timezone: -12.5 }, 'timezoneInvalid'],
      ['updateDevicesExpireType', { terminalIDs: some, expireType: 9 }, 'expireTypeInvalid'],
      ['changeDevicesType', { terminalIDs: some, deviceType: 'NoSuchModel' }, 'deviceTypeUnknown'],
      ['deviceUpdateTime', { terminalIDs: some }, 'expiryRequired'],
      ['deviceUpdateTime', { terminalIDs: some, platformExpireAt: 'soon' }, 'dateInvalid'],
      [
        'deviceUpdateTime',
        { terminalIDs: some, platformExpireAt: '2030-01-01T00:00:00Z', userExpireAt: '2030-02-01T00:00:00Z' },
        'userExpiryAfterPlatform',
      ],
      ['updateHost', { terminalIDs: some, host: 'http://evil' }, 'hostInvalid'],
      ['updatePwdByTerminalIds', { terminalIDs: some, password: '123' }, 'passwordTooShort'],
    ];
    for (const [path, body, key] of cases) {
      const r = await run(path, body);
      expect(r.status, `${path} ${key}`).toBe(400);
      expect(r.meta.key, `${path} ${key}`).toBe(key);
      expect(r.meta.message).toBe(MESSAGES[key as keyof typeof MESSAGES]);
    }
    expect(await reread(h, some)).toEqual(before);
  });

  it('icon type, device type, time zone, expiry type and host', async () => {
    const mine = tids((await ownedBy(h, 'superuser')).slice(0, 3));
    const foreign = tids((await ownedBy(h, 'agent2')).slice(0, 1));
    const list = [...mine, ...foreign];
    const [type] = await h.handle.db.select().from(deviceTypes).where(eq(deviceTypes.name, 'GT800'));
    const steps: [string, object, (d: typeof devices.$inferSelect) => unknown, unknown][] = [
      ['updateIconTypeList', { iconType: 16 }, (d) => d.iconType, 16],
      ['changeDevicesType', { deviceType: type!.name }, (d) => d.deviceType, 'GT800'],
      ['updateZoneImeiList', { timezone: -12 }, (d) => d.timezone, -12],
      ['updateDevicesExpireType', { expireType: 1 }, (d) => d.expireType, 1],
      ['updateHost', { host: 'gps.example.com:7018' }, (d) => d.host, 'gps.example.com:7018'],
    ];
    for (const [path, extra, read, value] of steps) {
      const foreignBefore = read((await reread(h, foreign)).get(foreign[0]!)!);
      const r = await run(path, { terminalIDs: list, ...extra });
      expect(r.data, path).toMatchObject({ total: 4, succeeded: 3 });
      expect(r.data.failed, path).toEqual([
        { terminalID: foreign[0], key: 'notFound', message: MESSAGES.notFound },
      ]);
      const after = await reread(h, list);
      for (const t of mine) expect(read(after.get(t)!), path).toBe(value);
      expect(read(after.get(foreign[0]!)!), path).toEqual(foreignBefore);
    }
  });

  it('expiry times: user expiry never later than platform expiry, checked per device', async () => {
    const rows = (await ownedBy(h, 'subagent')).slice(0, 3);
    const list = tids(rows);
    const base = Date.now() + 100 * DAY;
    const both = await run('deviceUpdateTime', {
      terminalIDs: list,
      platformExpireAt: new Date(base).toISOString(),
      userExpireAt: new Date(base - 10 * DAY).toISOString(),
    });
    expect(both.data).toMatchObject({ total: 3, succeeded: 3, failed: [] });
    // One device's platform expiry is moved earlier; a later user expiry must fail for it alone.
    await h.handle.db
      .update(devices)
      .set({ platformExpireAt: new Date(base - 30 * DAY) })
      .where(eq(devices.terminalId, list[0]!));
    const userOnly = await run('deviceUpdateTime', {
      terminalIDs: list,
      userExpireAt: new Date(base - 20 * DAY).toISOString(),
    });
    expect(userOnly.data.succeeded).toBe(2);
    expect(userOnly.data.failed).toEqual([
      { terminalID: list[0], key: 'userExpiryAfterPlatform', message: MESSAGES.userExpiryAfterPlatform },
    ]);
    const after = await reread(h, list);
    expect(after.get(list[0]!)!.userExpireAt!.getTime()).toBe(base - 10 * DAY);
    expect(after.get(list[1]!)!.userExpireAt!.getTime()).toBe(base - 20 * DAY);
    // Moving the platform expiry before a stored user expiry is refused the same way.
    const platformOnly = await run('deviceUpdateTime', {
      terminalIDs: list.slice(1),
      platformExpireAt: new Date(base - 25 * DAY).toISOString(),
    });
    expect(platformOnly.data.failed.map((f: { key: string }) => f.key)).toEqual([
      'userExpiryAfterPlatform',
      'userExpiryAfterPlatform',
    ]);
    expect((await reread(h, list)).get(list[1]!)!.platformExpireAt!.getTime()).toBe(base);
  });

  it('device passwords: set one, or reset to a new one drawn for each device', async () => {
    const list = tids((await ownedBy(h, 'user')).slice(0, 2));
    const set = await run('updatePwdByTerminalIds', { terminalIDs: list, password: 'n3wSecret' });
    expect(set.data).toMatchObject({ total: 2, succeeded: 2 });
    let after = await reread(h, list);
    for (const t of list) expect(await verifyPassword(after.get(t)!.passwordHash, 'n3wSecret')).toBe(true);
    const reset = await run('resetDevicePassword', { terminalIDs: list });
    expect(reset.data.succeeded).toBe(2);
    after = await reread(h, list);
    for (const { terminalID, password } of reset.data.passwords as { terminalID: string; password: string }[]) {
      expect(await verifyPassword(after.get(terminalID)!.passwordHash, password)).toBe(true);
      expect(await verifyPassword(after.get(terminalID)!.passwordHash, h.config.defaultPassword)).toBe(false);
    }
  });
});
