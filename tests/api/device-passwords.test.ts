import { hash } from '@node-rs/argon2';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_PASSWORD_ALPHABET, DEVICE_PASSWORD_LENGTH } from '../../src/domain/device-password';
import { alarms } from '../../server/db/schema/alarms';
import { devices } from '../../server/db/schema/devices';
import { stock } from '../../server/db/schema/stock';
import { retireDefaultDevicePasswords } from '../../server/services/devices/retire-default-passwords';
import { closeDatabase, startHarness, type Harness } from './harness';

// No device logs in with a shared password (issue 30): every imported device took "123456".

let h: Harness;
let agent: string;
let seq = 0;

beforeAll(async () => {
  h = await startHarness();
  agent = await h.login('agent');
});
afterAll(async () => {
  await h.close();
  await closeDatabase();
});

/** IMEIs of the test's own, tested at the factory and in stock. */
async function stocked(n: number) {
  const ids = Array.from(
    { length: n },
    () => `35${String(Date.now()).slice(-9)}${String(seq++).padStart(4, '0')}`,
  );
  await h.handle.db
    .insert(stock)
    .values(ids.map((terminalId) => ({ terminalId, protocol: 13, deviceType: 'GT06N', testPassed: true })));
  return ids;
}

async function importAsAgent(imeis: string[]) {
  const r = await h.post('/api/device/deviceImport', { imeis: imeis.join('\n'), importProtocol: 0 }, agent);
  expect(r.status, JSON.stringify(r.meta)).toBe(200);
  return r.data.results as { imei: string; ok: boolean; password?: string }[];
}

const certLogin = (terminalID: string, password: string) =>
  h.post('/api/loginByCert', { terminalID, password });
/** Any call of a logged-in account: its own account's record. */
const aCall = async (token: string) => {
  const me = await h.idOf('agent');
  return h.post('/api/user/findById', { id: me }, token);
};

describe('device passwords', () => {
  it('an import gives each device its own password, once; no device takes 123456', async () => {
    const imeis = await stocked(3);
    const results = await importAsAgent(imeis);
    const passwords = results.map((r) => r.password!);
    expect(results.every((r) => r.ok)).toBe(true);
    expect(new Set(passwords).size).toBe(3);
    for (const p of passwords) {
      expect(p).toHaveLength(DEVICE_PASSWORD_LENGTH);
      expect([...p].every((c) => DEVICE_PASSWORD_ALPHABET.includes(c))).toBe(true);
    }
    for (const imei of imeis) expect((await certLogin(imei, '123456')).meta.code).not.toBe(200);
    // Stored hashed only.
    const [row] = await h.handle.db.select().from(devices).where(eq(devices.terminalId, imeis[0]!));
    expect(row!.passwordHash).not.toContain(passwords[0]);
    // Another device's password does not open this one.
    expect((await certLogin(imeis[0]!, passwords[1]!)).meta.code).not.toBe(200);
  });

  it('the first login with a drawn password must choose another before anything else', async () => {
    const [imei] = await stocked(1);
    const [{ password }] = await importAsAgent([imei!]);
    const first = await certLogin(imei!, password!);
    expect(first.meta.code).toBe(200);
    expect(first.data.mustChangePassword).toBe(true);
    const other = await certLogin(imei!, password!);
    const blocked = await aCall(first.data.token);
    expect(blocked.status).toBe(403);
    expect(blocked.meta.key).toBe('devicePasswordChangeRequired');
    const change = (p: string) => h.post('/api/device/changeOwnPassword', { password: p }, first.data.token);
    expect((await change('123456')).meta.key).toBe('passwordTooWeak');
    expect((await change(`x${imei}`)).meta.key).toBe('passwordTooWeak');
    expect((await change('Tr4ck-my-van')).status).toBe(200);
    expect((await aCall(first.data.token)).status).toBe(200);
    // The other session opened with the drawn password has ended.
    expect((await aCall(other.data.token)).status).toBe(401);
    expect((await certLogin(imei!, password!)).meta.code).not.toBe(200);
    const again = await certLogin(imei!, 'Tr4ck-my-van');
    expect(again.meta.code).toBe(200);
    expect(again.data.mustChangePassword).toBe(false);
  });

  it('a reset draws a new password per device and ends the devices’ sessions', async () => {
    const imeis = await stocked(2);
    const drawn = await importAsAgent(imeis);
    const session = (await certLogin(imeis[0]!, drawn[0]!.password!)).data.token;
    const reset = await h.post('/api/device/resetDevicePassword', { terminalIDs: imeis }, agent);
    expect(reset.status, JSON.stringify(reset.meta)).toBe(200);
    const fresh = reset.data.passwords as { terminalID: string; password: string }[];
    expect(fresh.map((p) => p.terminalID).sort()).toEqual([...imeis].sort());
    const mine = fresh.find((p) => p.terminalID === imeis[0])!.password;
    expect(mine).not.toBe(drawn[0]!.password);
    expect(new Set(fresh.map((p) => p.password)).size).toBe(2);
    expect((await aCall(session)).status).toBe(401);
    expect((await certLogin(imeis[0]!, drawn[0]!.password!)).meta.code).not.toBe(200);
    expect((await certLogin(imeis[0]!, mine)).data.mustChangePassword).toBe(true);
    // A password the agent picks itself may not be one anybody would try first.
    const weak = await h.post(
      '/api/device/updatePwdByTerminalIds',
      { terminalIDs: imeis, password: '123456' },
      agent,
    );
    expect(weak.data.failed.map((f: { key: string }) => f.key)).toEqual([
      'passwordTooWeak',
      'passwordTooWeak',
    ]);
  });

  it('devices still holding the old shared default lose it, and their owner is told once', async () => {
    const [imei] = await stocked(1);
    await importAsAgent([imei!]);
    const old = await hash('123456');
    await h.handle.db
      .update(devices)
      .set({ passwordHash: old, passwordMustChange: false })
      .where(eq(devices.terminalId, imei!));
    expect((await certLogin(imei!, '123456')).meta.code).toBe(200);
    const done = await retireDefaultDevicePasswords(h.handle.db, h.app.bus, ['123456']);
    expect(done.devices).toBeGreaterThanOrEqual(1);
    expect((await certLogin(imei!, '123456')).meta.code).not.toBe(200);
    const [d] = await h.handle.db.select().from(devices).where(eq(devices.terminalId, imei!));
    const owned = h.handle.db.select({ id: devices.id }).from(devices).where(eq(devices.userId, d!.userId!));
    const told = await h.handle.db
      .select()
      .from(alarms)
      .where(and(eq(alarms.type, 'devicePasswordsRetired'), inArray(alarms.deviceId, owned)));
    expect(told.length).toBe(1);
    expect((await retireDefaultDevicePasswords(h.handle.db, h.app.bus, ['123456'])).devices).toBe(0);
  });
});
