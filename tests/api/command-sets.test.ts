import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices } from '../../server/db/schema/devices';
import { REPLY } from '../../server/db/seed/command-sets';
import { SEED_DEVICE_TYPES } from '../../server/db/seed/device-types';
import { DEVICE_PROTOCOL } from '../../src/domain/codes';
import { closeDatabase, startHarness, type Harness } from './harness';

let h: Harness;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  h = await startHarness();
  for (const u of ['admin', 'agent', 'user', 'demo']) tokens[u] = await h.login(u);
});
afterAll(async () => {
  await h.close();
  await closeDatabase();
});

const post = (user: string, url: string, body: object = {}) => h.post(`/api/${url}`, body, tokens[user]);

const uploadInterval = {
  key: 'uploadInterval',
  labelKey: 'name.uploadInterval',
  content: 'TIMER,{interval}#',
  params: [{ name: 'interval', labelKey: 'param.interval', type: 'number', min: 10, max: 600 }],
};

describe('device types and their command sets', () => {
  it('lists every demo type with its commands and device count', async () => {
    const r = await post('agent', 'config/findDeviceType', { pageSize: 100 });
    expect(r.data.total).toBe(SEED_DEVICE_TYPES.length);
    const gt06 = r.data.list.find((t: { name: string }) => t.name === 'GT06N');
    // Each command the seed judges by its own rule shows it (the locate answer is a position).
    expect(gt06.commandConfig.commands.find((c: { key: string }) => c.key === 'locate').reply).toEqual(
      REPLY.position,
    );
    expect(gt06.deviceCount).toBeGreaterThan(0);
    const keys = gt06.commandConfig.commands.map((c: { key: string }) => c.key);
    for (const k of ['locate', 'relayOff', 'relayOn', 'reboot', 'uploadInterval', 'sos', 'timeZone', 'apn'])
      expect(keys).toContain(k);
    const gw005 = await post('agent', 'config/findDeviceTypeDetail', { deviceType: 'GW005' });
    expect(gw005.data.commandConfig.commands.map((c: { key: string }) => c.key)).toContain('modeSwitch');
  });

  it('keys the sets by type name and leaves free text out for accounts that may not send it', async () => {
    const agent = await post('agent', 'config/findAllConfigTion');
    expect(agent.data['GT06N'].commands.some((c: { raw?: boolean }) => c.raw)).toBe(true);
    const user = await post('user', 'config/findAllConfigTion');
    expect(user.data['GT06N'].commands.length).toBeGreaterThan(0);
    expect(user.data['GT06N'].commands.some((c: { raw?: boolean }) => c.raw)).toBe(false);
  });

  it('lets only the administrator add and edit a type; a rename carries its devices', async () => {
    const body = {
      name: 'TEST-T1',
      protocol: DEVICE_PROTOCOL.Gt06,
      commandConfig: { framing: 'gt06Text', commands: [uploadInterval] },
    };
    expect((await post('agent', 'config/addDeviceType', body)).status).toBe(403);
    const added = await post('admin', 'config/addDeviceType', body);
    expect(added.data).toMatchObject({ name: 'TEST-T1', commandCount: 1 });
    expect((await post('admin', 'config/addDeviceType', body)).meta.key).toBe('deviceTypeTaken');

    const [d] = await h.handle.db.select().from(devices).where(eq(devices.deviceType, 'K100')).limit(1);
    const k100 = (await post('admin', 'config/findDeviceTypeDetail', { deviceType: 'K100' })).data;
    const renamed = await post('admin', 'config/updateDeviceType', {
      ...k100,
      id: k100.id,
      name: 'K100-R',
      protocol: k100.protocol,
      commandConfig: k100.commandConfig,
      commandCount: undefined,
      updatedAt: undefined,
    });
    expect(renamed.data.name).toBe('K100-R');
    const [after] = await h.handle.db.select().from(devices).where(eq(devices.id, d!.id));
    expect(after!.deviceType).toBe('K100-R');
  });

  it('refuses a command set whose template and parameters disagree, saying where', async () => {
    const r = await post('admin', 'config/addDeviceType', {
      name: 'TEST-BAD',
      protocol: DEVICE_PROTOCOL.Gt06,
      commandConfig: { commands: [{ ...uploadInterval, content: 'TIMER,{seconds}#' }] },
    });
    expect(r.meta.key).toBe('commandSetInvalid');
    expect(r.meta.message).toContain('{seconds} has no parameter');
  });

  it('a new set applies to the next command without a restart', async () => {
    const [d] = await h.handle.db
      .select()
      .from(devices)
      .where(and(eq(devices.deviceType, 'TEST-T1')))
      .limit(1);
    expect(d).toBeUndefined();
    // The type's range (10..600) is checked for its devices: move one device onto it.
    const [gt06] = await h.handle.db
      .select()
      .from(devices)
      .where(and(eq(devices.protocol, DEVICE_PROTOCOL.Gt06), eq(devices.userId, await h.idOf('user'))))
      .limit(1);
    await h.handle.db.update(devices).set({ deviceType: 'TEST-T1' }).where(eq(devices.id, gt06!.id));
    const r = await post('user', 'command/sendCommand', {
      terminalID: gt06!.terminalId,
      commandKey: 'uploadInterval',
      params: { interval: 601 },
    });
    expect(r.meta).toMatchObject({ key: 'commandParamRange', params: { min: 10, max: 600 } });
  });
});

describe('what an account may send', () => {
  it('holds end users to the commands of the type; free text needs command:raw', async () => {
    const [d] = await h.handle.db
      .select()
      .from(devices)
      .where(and(eq(devices.userId, await h.idOf('user')), eq(devices.deviceType, 'GT06N')))
      .limit(1);
    const raw = await post('user', 'command/sendCommand', { terminalID: d!.terminalId, content: 'FACTORY#' });
    expect(raw.status).toBe(403);
    expect(raw.meta.key).toBe('commandRawForbidden');
    // Typed text that reads as a command of the set is checked like the form.
    const typed = await post('user', 'command/sendCommand', {
      terminalID: d!.terminalId,
      content: 'TIMER,5#',
    });
    expect(typed.meta.key).toBe('commandParamRange');
    const other = await post('user', 'command/sendCommand', {
      terminalID: d!.terminalId,
      commandKey: 'nope',
    });
    expect(other.meta.key).toBe('commandNotInSet');
  });

  it('refuses a value that would add fields of its own', async () => {
    const [d] = await h.handle.db.select().from(devices).where(eq(devices.deviceType, 'GT06N')).limit(1);
    const r = await post('admin', 'command/sendCommand', {
      terminalID: d!.terminalId,
      commandKey: 'apn',
      params: { apn: 'cmnet#RESET' },
    });
    expect(r.meta.key).toBe('commandParamInvalid');
  });
});

describe('presets, the NB deviceId lookup and the hex of a command', () => {
  it('saves, replaces by name, lists and deletes an account’s own presets; demo may not save', async () => {
    const save = (name: string, interval: number) =>
      post('agent', 'command/saveOrderCommand', { name, commandKey: 'uploadInterval', params: { interval } });
    await save('every minute', 60);
    await save('every minute', 61);
    const list = (await post('agent', 'command/getOrderCommand')).data;
    expect(list).toHaveLength(1);
    // Values are kept as text (a phone number's leading zeros survive).
    expect(list[0]).toMatchObject({ name: 'every minute', params: { interval: '61' } });
    expect((await post('user', 'command/getOrderCommand')).data).toHaveLength(0);
    expect((await post('user', 'command/delOrderCommand', { id: list[0].id })).status).toBe(404);
    await post('agent', 'command/delOrderCommand', { id: list[0].id });
    expect((await post('agent', 'command/getOrderCommand')).data).toHaveLength(0);
    expect((await post('demo', 'command/saveOrderCommand', { name: 'x', content: 'WHERE#' })).status).toBe(
      403,
    );
  });

  it('finds the NB platform id of an NB device, and says when it has none', async () => {
    const nb = (registered: boolean) =>
      h.handle.db
        .select()
        .from(devices)
        .where(
          and(
            eq(devices.protocol, DEVICE_PROTOCOL.Nbiot),
            registered ? isNotNull(devices.nbDeviceId) : isNull(devices.nbDeviceId),
          ),
        )
        .limit(1);
    const [with_] = await nb(true);
    const [without] = await nb(false);
    // Paid up: an expired device is refused as expired before its id is looked up.
    await h.handle.db
      .update(devices)
      .set({ platformExpireAt: new Date(Date.now() + 30 * 86_400_000), expireType: 0 })
      .where(inArray(devices.id, [with_!.id, without!.id]));
    const ok = await h.get(`/api/device/findDeviceId?terminalID=${with_!.terminalId}`, tokens.admin);
    expect(ok.data.deviceId).toBe(with_!.nbDeviceId);
    const missing = await h.get(`/api/device/findDeviceId?terminalID=${without!.terminalId}`, tokens.admin);
    expect(missing.meta.key).toBe('deviceIdMissing');
    // The console's send refuses it the same way, before anything is queued.
    const send = await post('admin', 'command/sendCommand', {
      terminalID: without!.terminalId,
      commandKey: 'reboot',
    });
    expect(send.meta.key).toBe('deviceIdMissing');
  });

  it('gives the text and frame bytes of a command for both framings', async () => {
    const gt06 = await post('agent', 'config/toHex', { content: 'WHERE#', framing: 'gt06Text' });
    expect(gt06.data.textHex).toBe(Buffer.from('WHERE#').toString('hex'));
    expect(gt06.data.frameHex).toMatch(/^7878.*0d0a$/);
    const jt = await post('agent', 'config/toHex', {
      content: 'WHERE#',
      framing: 'jt808Text',
      terminalID: '13800138000',
    });
    expect(jt.data.frameHex).toMatch(/^7e8300.*7e$/);
    const bad = await post('agent', 'config/toHex', { content: '定位', framing: 'gt06Text' });
    expect(bad.meta.key).toBe('fieldFormat');
  });
});
