import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { devices } from '../../server/db/schema/devices';
import { stock } from '../../server/db/schema/stock';
import { users } from '../../server/db/schema/users';
import { IMPORT_PROTOCOL } from '../../src/domain/codes';
import { MESSAGES } from '../../src/domain/messages';
import { closeDatabase, startHarness, type Harness } from './harness';

let h: Harness;
let ready15: string[];
let ready11: string[];
let untested: string[];
let existing: string;

beforeAll(async () => {
  h = await startHarness();
  const db = h.handle.db;
  const rows = await db.select().from(stock).where(eq(stock.status, 'in_stock')).orderBy(stock.terminalId);
  ready15 = rows.filter((r) => r.testPassed && r.terminalId.length === 15).map((r) => r.terminalId);
  ready11 = rows.filter((r) => r.testPassed && r.terminalId.length === 11).map((r) => r.terminalId);
  untested = rows.filter((r) => !r.testPassed).map((r) => r.terminalId);
  existing = (await db.select({ t: devices.terminalId }).from(devices).limit(1))[0].t;
});
afterAll(async () => {
  await h.close();
  await closeDatabase();
});

const importNum = async (username: string) =>
  (await h.handle.db.select({ n: users.importNum }).from(users).where(eq(users.username, username)))[0].n;

describe('POST /api/device/deviceImport', () => {
  it('imports the good lines and reports every line with its reason', async () => {
    const agent = await h.login('agent');
    const before = await importNum('agent');
    const lines = [
      ready15[0],
      '',
      `  ${ready15[1]}  `,
      existing,
      untested[0],
      '12345',
      ready15[0],
      ready15[2],
    ];
    const r = await h.post(
      '/api/device/deviceImport',
      { imeis: lines.join('\n'), importProtocol: IMPORT_PROTOCOL.gt06 },
      agent,
    );
    expect(r.meta.success).toBe(true);
    expect(r.data.imported).toBe(3);
    expect(r.data.results.map((x: { line: number; key?: string }) => [x.line, x.key ?? 'ok'])).toEqual([
      [1, 'ok'],
      [2, 'ok'],
      [3, 'imeiExists'],
      [4, 'imeiNoTestRecord'],
      [5, 'imeiInvalid'],
      [6, 'imeiDuplicate'],
      [7, 'ok'],
    ]);
    expect(await importNum('agent')).toBe(before - 3);
    const imported = await h.handle.db
      .select()
      .from(devices)
      .where(inArray(devices.terminalId, [ready15[0], ready15[1], ready15[2]]));
    expect(imported).toHaveLength(3);
    expect(imported.every((d) => d.userId === d.agentId && d.state === 3)).toBe(true);
    const shipped = await h.handle.db
      .select()
      .from(stock)
      .where(and(inArray(stock.terminalId, [ready15[0]]), eq(stock.status, 'shipped')));
    expect(shipped).toHaveLength(1);
  });

  it('imports 808 terminal numbers of exactly 11 digits into a sub-account', async () => {
    const agent = await h.login('agent');
    const sub = await h.idOf('subagent');
    const r = await h.post(
      '/api/device/deviceImport',
      { imeis: `${ready11[0]}\n${ready15[5]}`, importProtocol: IMPORT_PROTOCOL.jt808, userId: sub },
      agent,
    );
    expect(r.data.results.map((x: { ok: boolean }) => x.ok)).toEqual([true, false]);
    const [row] = await h.handle.db.select().from(devices).where(eq(devices.terminalId, ready11[0]));
    expect(row.userId).toBe(sub);
  });

  it('blocks an import that exceeds the import count, and changes nothing', async () => {
    const agent = await h.login('agent');
    await h.handle.db.update(users).set({ importNum: 1 }).where(eq(users.username, 'agent'));
    const r = await h.post(
      '/api/device/deviceImport',
      { imeis: `${ready15[6]}\n${ready15[7]}`, importProtocol: IMPORT_PROTOCOL.gt06 },
      agent,
    );
    expect(r.meta).toMatchObject({
      success: false,
      key: 'importNumInsufficient',
      message: MESSAGES.importNumInsufficient,
    });
    expect(await importNum('agent')).toBe(1);
    expect(
      await h.handle.db
        .select()
        .from(devices)
        .where(inArray(devices.terminalId, [ready15[6], ready15[7]])),
    ).toEqual([]);
  });

  it('never imports into another tree, refuses the demo account and roles without the permission', async () => {
    const agent = await h.login('agent');
    const foreign = await h.post(
      '/api/device/deviceImport',
      { imeis: ready15[8], importProtocol: 2, userId: await h.idOf('agent2') },
      agent,
    );
    expect(foreign.meta.key).toBe('notFound');
    const demo = await h.post(
      '/api/device/deviceImport',
      { imeis: ready15[8], importProtocol: 2 },
      await h.login('demo'),
    );
    expect(demo.meta.key).toBe('demoForbidden');
    const user = await h.post(
      '/api/device/deviceImport',
      { imeis: ready15[8], importProtocol: 2 },
      await h.login('user'),
    );
    expect(user.meta.message).toBe('9906');
    expect(await h.handle.db.select().from(devices).where(eq(devices.terminalId, ready15[8]))).toEqual([]);
  });

  it('refuses an empty list', async () => {
    const r = await h.post(
      '/api/device/deviceImport',
      { imeis: ' \n \n', importProtocol: 2 },
      await h.login('agent'),
    );
    expect(r.meta.key).toBe('importEmpty');
  });
});
