import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices } from '../../server/db/schema/devices';
import { stock } from '../../server/db/schema/stock';
import { DEVICE_PROTOCOL, IMPORT_PROTOCOL } from '../../src/domain/codes';
import { MESSAGES } from '../../src/domain/messages';
import { closeDatabase, startHarness, type Harness } from './harness';

/**
 * Issue 32: a reseller adds a tracker bought elsewhere (a Teltonika, an H02) once the
 * administrator allows its account to import third-party devices; until then the refusal says
 * what to ask for. Own agents; IMEIs no factory record knows.
 */
let h: Harness;
let admin: string;
const tag = `tp3${Date.now() % 1e6}`;
const ids: Record<string, number> = {};
const tokens: Record<string, string> = {};
// 15 digits, unknown to the factory (no stock row).
const base = String(Date.now() % 1e9).padStart(9, '0');
const imei = (n: number) => `35${base}${String(n).padStart(4, '0')}`;

async function agentAccount(name: string) {
  const r = await h.post(
    '/api/user/insertUser',
    { username: `${tag}${name}`, password: '123456', role: 2, parentId: await h.idOf('admin') },
    admin,
  );
  expect(r.meta.success, r.meta.message).toBe(true);
  ids[name] = r.data.id;
  expect((await h.post('/api/user/addAgentImportNum', { id: r.data.id, num: 10 }, admin)).status).toBe(200);
  tokens[name] = await h.login(`${tag}${name}`);
}

const importAs = (who: string, imeis: string[], importProtocol: number, userId?: number) =>
  h.post('/api/device/deviceImport', { imeis: imeis.join('\n'), importProtocol, userId }, tokens[who]);

beforeAll(async () => {
  h = await startHarness();
  admin = await h.login('admin');
  await agentAccount('a');
  await agentAccount('b');
});
afterAll(async () => {
  await h.close();
  await closeDatabase();
});

describe('import of third-party devices', () => {
  it('is refused with what to ask for, then accepted once the administrator allows it', async () => {
    const teltonika = imei(1);
    const refused = await importAs('a', [teltonika], IMPORT_PROTOCOL.teltonika);
    expect(refused.status, JSON.stringify(refused.meta)).toBe(200);
    expect(refused.data.imported).toBe(0);
    expect(refused.data.results[0]).toMatchObject({ imei: teltonika, ok: false, key: 'imeiThirdParty' });
    expect(MESSAGES.imeiThirdParty).toMatch(/ask the administrator.*Import third-party devices/);

    // The agent cannot allow itself; the administrator can, on the agent's account.
    const self = await h.post('/api/user/updateUser', { id: ids.a, importThirdParty: true }, tokens.a);
    expect(self.status).toBe(403);
    const info = async () => (await h.post('/api/user/findById', { id: ids.a }, admin)).data;
    expect((await info()).importThirdParty).toBe(false);
    const allow = await h.post('/api/user/updateUser', { id: ids.a, importThirdParty: true }, admin);
    expect(allow.status, JSON.stringify(allow.meta)).toBe(200);
    expect((await info()).importThirdParty).toBe(true);

    const ok = await importAs('a', [teltonika, imei(2)], IMPORT_PROTOCOL.teltonika);
    expect(ok.data.imported, JSON.stringify(ok.data)).toBe(2);
    const [row] = await h.handle.db.select().from(devices).where(eq(devices.terminalId, teltonika));
    expect(row).toMatchObject({ userId: ids.a, protocol: DEVICE_PROTOCOL.Teltonika, deviceType: 'FMB920' });
    const other = imei(3);
    expect((await importAs('a', [other], IMPORT_PROTOCOL.h02)).data.imported).toBe(1);
    const [h02Row] = await h.handle.db.select().from(devices).where(eq(devices.terminalId, other));
    expect(h02Row).toMatchObject({ protocol: DEVICE_PROTOCOL.H02, deviceType: 'ST-901' });
  });

  it('stays refused for another agent, into another agent’s accounts, and for factory terminals that failed their test', async () => {
    const r = await importAs('b', [imei(4)], IMPORT_PROTOCOL.h02);
    expect(r.data.results[0].key).toBe('imeiThirdParty');
    // Allowed to import does not widen whose accounts a device may go to.
    const foreign = await importAs('a', [imei(5)], IMPORT_PROTOCOL.h02, ids.b);
    expect(foreign.status).toBe(404);
    expect(
      await h.handle.db
        .select()
        .from(devices)
        .where(eq(devices.terminalId, imei(5))),
    ).toHaveLength(0);
    // Our own terminal without a passed test is not a third-party device.
    const [untested] = await h.handle.db.select().from(stock).where(eq(stock.testPassed, false)).limit(1);
    const failed = await importAs('a', [untested!.terminalId], IMPORT_PROTOCOL.gt06);
    expect(failed.data.results[0].key).toBe('imeiNoTestRecord');
  });

  it('only an agent can be allowed', async () => {
    const user = await h.post(
      '/api/user/insertUser',
      { username: `${tag}u`, password: '123456', role: 3, parentId: ids.a },
      admin,
    );
    const r = await h.post('/api/user/updateUser', { id: user.data.id, importThirdParty: true }, admin);
    expect(r.status).toBe(400);
    expect(r.meta.key).toBe('notAgent');
  });
});
