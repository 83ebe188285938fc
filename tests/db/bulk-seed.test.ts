import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../config/roles';
import { DEVICE_PROTOCOL, DEVICE_STATE } from '../../src/domain/codes';
import type { Db } from '../../server/db/client';
import { devices, stock, users } from '../../server/db/schema/index';
import { seedBulkFleet, seedBulkFromEnv, type BulkFleet } from '../../server/db/seed/bulk';
import { luhnDigit } from '../../server/db/seed/random';
import { openTestDatabase, type TestDatabase } from '../../server/db/testing';
import { DeviceDirectory } from '../../server/gateway/runtime/directory';

let t: TestDatabase;
let db: Db;
let fleet: BulkFleet;
let seconds: number;
const now = new Date();
const COUNT = 10_000;

beforeAll(async () => {
  t = await openTestDatabase({ seed: { now } });
  db = t.db;
  const t0 = Date.now();
  fleet = await seedBulkFleet(db, { username: 'bulk', count: COUNT, subAccounts: 4, now });
  seconds = (Date.now() - t0) / 1000;
}, 120_000);
afterAll(async () => {
  await t?.dispose();
});

const fleetDevices = () => db.select().from(devices).where(inArray(devices.userId, fleet.accountIds));

describe(`bulk fleet seed (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('inserts 10,000 devices in seconds', () => {
    console.log(`seedBulkFleet ${COUNT}: ${seconds.toFixed(2)} s`);
    expect(seconds).toBeLessThan(15);
  });

  it('creates an agent under agent with user sub-accounts and consistent ancestors', async () => {
    const [parent] = await db.select().from(users).where(eq(users.username, 'agent'));
    const [agent] = await db.select().from(users).where(eq(users.id, fleet.userId));
    expect(agent).toMatchObject({ username: 'bulk', role: ROLE.agent, parentId: parent.id });
    expect(agent.ancestors).toBe(`${parent.ancestors},${parent.id}`);
    const children = await db.select().from(users).where(eq(users.parentId, fleet.userId));
    expect(children.map((c) => c.id).sort()).toEqual(fleet.accountIds.slice(1).sort());
    for (const c of children) {
      expect(c.role).toBe(ROLE.user);
      expect(c.ancestors).toBe(`${agent.ancestors},${agent.id}`);
    }
  });

  it('spreads the devices over the sub-accounts, imported by the new agent', async () => {
    const rows = await fleetDevices();
    expect(rows).toHaveLength(COUNT);
    const perOwner = new Map<number, number>();
    for (const d of rows) perOwner.set(d.userId!, (perOwner.get(d.userId!) ?? 0) + 1);
    expect([...perOwner.keys()].sort()).toEqual(fleet.accountIds.slice(1).sort());
    for (const n of perOwner.values()) expect(n).toBe(COUNT / 4);
    expect(new Set(rows.map((d) => d.agentId))).toEqual(new Set([fleet.userId]));
  });

  it('gives unique, valid IMEIs that do not clash with the demo fleet', async () => {
    expect(new Set(fleet.terminalIds).size).toBe(COUNT);
    for (const id of fleet.terminalIds.slice(0, 500)) {
      expect(id).toMatch(/^\d{15}$/);
      expect(luhnDigit(id.slice(0, 14))).toBe(id[14]);
    }
    const { rows } = await db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM devices GROUP BY terminal_id HAVING count(*) > 1`,
    );
    expect(rows).toHaveLength(0);
  });

  it('mixes states: mostly online with positions, some offline, unactivated and expired', async () => {
    const rows = await fleetDevices();
    const by = (s: number) => rows.filter((d) => d.state === s);
    expect(by(DEVICE_STATE.online).length / COUNT).toBeGreaterThan(0.6);
    expect(by(DEVICE_STATE.offline).length).toBeGreaterThan(0);
    expect(by(DEVICE_STATE.unactivated).length).toBeGreaterThan(0);
    expect(by(DEVICE_STATE.expired).length).toBeGreaterThan(0);
    for (const d of by(DEVICE_STATE.online)) {
      expect(d.lat).not.toBeNull();
      expect(d.fixTime!.getTime()).toBeGreaterThan(now.getTime() - 120_000);
      expect(d.platformExpireAt!.getTime()).toBeGreaterThan(now.getTime());
    }
    for (const d of by(DEVICE_STATE.unactivated)) expect(d.lat).toBeNull();
    for (const d of by(DEVICE_STATE.expired))
      expect(d.platformExpireAt!.getTime()).toBeLessThan(now.getTime());
    // Positions around Beijing and Shenzhen.
    const lats = by(DEVICE_STATE.online).map((d) => d.lat!);
    expect(lats.some((l) => Math.abs(l - 39.91) < 0.5)).toBe(true);
    expect(lats.some((l) => Math.abs(l - 22.54) < 0.5)).toBe(true);
  });

  it('spreads expiries so the 7-day, 60-day and expired filters all match', async () => {
    const rows = await fleetDevices();
    const days = rows
      .filter((d) => d.platformExpireAt)
      .map((d) => (d.platformExpireAt!.getTime() - now.getTime()) / 86_400_000);
    expect(days.filter((d) => d > 0 && d <= 7).length).toBeGreaterThan(0);
    expect(days.filter((d) => d > 7 && d <= 60).length).toBeGreaterThan(0);
    expect(days.filter((d) => d < 0).length).toBeGreaterThan(0);
    expect(days.filter((d) => d > 60).length).toBeGreaterThan(COUNT / 2);
  });

  it('ships a passed factory test record with every device, so the gateway accepts them', async () => {
    const [{ n }] = (
      await db.execute<{ n: number }>(sql`
        SELECT count(*)::int AS n FROM stock s JOIN devices d USING (terminal_id)
        WHERE d.agent_id = ${fleet.userId} AND s.test_passed AND s.status = 'shipped'
          AND s.shipped_to = ${fleet.userId} AND s.imei = s.terminal_id AND s.protocol = ${DEVICE_PROTOCOL.Gt06}`)
    ).rows;
    expect(n).toBe(COUNT);
    const dir = new DeviceDirectory(db);
    const known = await dir.lookup(fleet.terminalIds[0]);
    expect(known).toMatchObject({ terminalId: fleet.terminalIds[0], protocol: DEVICE_PROTOCOL.Gt06 });
    expect(known!.id).toBeGreaterThan(0);
  });

  it('continues the serial numbers for a second fleet and supports 808 terminal numbers', async () => {
    const again = await seedBulkFleet(db, { username: 'bulk2', count: 50, now });
    expect(again.accountIds).toEqual([again.userId]);
    expect(again.terminalIds.some((id) => fleet.terminalIds.includes(id))).toBe(false);
    const jt = await seedBulkFleet(db, { username: 'bulk808', count: 30, protocol: 'jt808', now });
    for (const id of jt.terminalIds) expect(id).toMatch(/^16\d{9}$/);
    const rows = await db
      .select({ protocol: stock.protocol, imei: stock.imei })
      .from(stock)
      .where(and(like(stock.terminalId, '16%'), eq(stock.shippedTo, jt.userId)));
    expect(rows).toHaveLength(30);
    for (const r of rows) expect(r).toEqual({ protocol: DEVICE_PROTOCOL.eight, imei: null });
  });

  it('reads SEED_BULK_* from the environment, and does nothing without it', async () => {
    expect(await seedBulkFromEnv(db, {})).toBeNull();
    const f = await seedBulkFromEnv(db, {
      SEED_BULK_DEVICES: '12',
      SEED_BULK_USERNAME: 'envfleet',
      SEED_BULK_ACCOUNTS: '2',
    });
    expect(f!.terminalIds).toHaveLength(12);
    expect(f!.accountIds).toHaveLength(3);
    const [u] = await db.select().from(users).where(eq(users.username, 'envfleet-2'));
    expect(u.parentId).toBe(f!.userId);
  });

  it('refuses an unknown parent and leaves nothing behind', async () => {
    await expect(
      seedBulkFleet(db, { username: 'orphan', parentUsername: 'nobody', count: 5 }),
    ).rejects.toThrow(/nobody/);
    expect(await db.select().from(users).where(eq(users.username, 'orphan'))).toHaveLength(0);
  });
});
