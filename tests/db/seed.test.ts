import { verify } from '@node-rs/argon2';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USER_ID, ROLE } from '../../config/roles';
import { DEVICE_PROTOCOL, DEVICE_STATE } from '../../src/domain/codes';
import type { Db } from '../../server/db/client';
import { devices, positions, stock, systemSettings, users } from '../../server/db/schema/index';
import { buildDemoFleet, is808Type } from '../../server/db/seed/devices';
import { DEMO_PASSWORD, SEED_USER_IDS, seedDemo, seedIfEmpty } from '../../server/db/seed/index';
import { luhnDigit } from '../../server/db/seed/random';
import { openTestDatabase, type TestDatabase } from '../../server/db/testing';

let t: TestDatabase;
let db: Db;
const now = new Date();

beforeAll(async () => {
  t = await openTestDatabase();
  db = t.db;
  await seedDemo(t.handle, { now });
});
afterAll(async () => {
  await t?.dispose();
});

const allUsers = () => db.select().from(users).orderBy(asc(users.id));
const terminalIds = async () =>
  (await db.select({ id: devices.terminalId }).from(devices).orderBy(asc(devices.id))).map((r) => r.id);

describe(`demo seed (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('gives the demo account id 6 and the fixed account ids', async () => {
    const rows = await allUsers();
    const demo = rows.find((u) => u.id === DEMO_USER_ID)!;
    expect(demo).toMatchObject({ username: 'demo', role: ROLE.agent, parentId: SEED_USER_IDS.admin });
    for (const [username, id] of Object.entries(SEED_USER_IDS)) {
      expect(rows.find((u) => u.username === username)?.id, username).toBe(id);
    }
    expect(rows.find((u) => u.username === 'admin')).toMatchObject({
      id: 1,
      role: ROLE.admin,
      parentId: 0,
      ancestors: '0',
    });
  });

  it('keeps ancestors consistent with parents', async () => {
    const rows = await allUsers();
    const byId = new Map(rows.map((u) => [u.id, u]));
    for (const u of rows) {
      if (u.parentId === 0) expect(u.ancestors).toBe('0');
      else {
        const parent = byId.get(u.parentId)!;
        expect(u.ancestors, u.username).toBe(`${parent.ancestors},${parent.id}`);
      }
    }
  });

  it('keeps the second agent tree outside the first', async () => {
    const agent = SEED_USER_IDS.agent;
    const subtree = await db
      .select({ username: users.username })
      .from(users)
      .where(
        sql`${users.id} = ${agent} OR ${users.ancestors} LIKE ${`0,1,${agent}`} OR ${users.ancestors} LIKE ${`0,1,${agent},%`}`,
      );
    const names = subtree.map((r) => r.username).sort();
    expect(names).toEqual(['agent', 'expired', 'subagent', 'superuser', 'user']);
  });

  it('hashes every password with argon2id and marks the expired account', async () => {
    const [admin] = await db.select().from(users).where(eq(users.id, 1));
    expect(admin.passwordHash.startsWith('$argon2id$')).toBe(true);
    expect(await verify(admin.passwordHash, DEMO_PASSWORD)).toBe(true);
    const [expired] = await db.select().from(users).where(eq(users.username, 'expired'));
    expect(expired.expireAt!.getTime()).toBeLessThan(Date.now());
    expect((await allUsers()).filter((u) => u.expireAt && u.expireAt.getTime() < Date.now())).toHaveLength(1);
  });

  it('moves the id sequences past the explicit ids', async () => {
    const [u] = await db
      .insert(users)
      .values({ username: 'seq-probe', passwordHash: 'x', role: ROLE.user, parentId: 2, ancestors: '0,1,2' })
      .returning();
    expect(u.id).toBe(Object.keys(SEED_USER_IDS).length + 1);
    await db.delete(users).where(eq(users.id, u.id));
    const [d] = await db.insert(devices).values({ terminalId: '99999999999', protocol: 8 }).returning();
    expect(d.id).toBe(201);
    await db.delete(devices).where(eq(devices.id, d.id));
  });

  it('represents every device state, for every owner', async () => {
    const rows = await db.select().from(devices);
    expect(rows.length).toBeGreaterThanOrEqual(190);
    const states = [
      DEVICE_STATE.online,
      DEVICE_STATE.offline,
      DEVICE_STATE.unactivated,
      DEVICE_STATE.expired,
    ];
    const owners = new Set(rows.map((d) => d.userId));
    expect(owners.size).toBe(7);
    for (const owner of owners) {
      const mine = rows.filter((d) => d.userId === owner);
      for (const s of states)
        expect(
          mine.some((d) => d.state === s),
          `owner ${owner} state ${s}`,
        ).toBe(true);
    }
    for (const d of rows) {
      if (d.state === DEVICE_STATE.unactivated) {
        expect(d.activatedAt).toBeNull();
        expect(d.fixTime).toBeNull();
      } else expect(d.fixTime).not.toBeNull();
      if (d.state === DEVICE_STATE.online)
        expect(now.getTime() - d.fixTime!.getTime()).toBeLessThan(5 * 60_000);
      if (d.state === DEVICE_STATE.offline) expect(d.offlineAt).not.toBeNull();
      if (d.state === DEVICE_STATE.expired) expect(d.platformExpireAt!.getTime()).toBeLessThan(now.getTime());
    }
    const speeds = rows.filter((d) => d.state === DEVICE_STATE.online).map((d) => d.speed!);
    expect(speeds.some((s) => s <= 10)).toBe(true);
    expect(speeds.some((s) => s > 10 && s <= 60)).toBe(true);
    expect(speeds.some((s) => s > 60 && s <= 120)).toBe(true);
    expect(speeds.some((s) => s > 120)).toBe(true);
  });

  it('uses valid terminal ids, plates and protocols', async () => {
    const rows = await db.select().from(devices);
    for (const d of rows) {
      if (is808Type(d.deviceType)) expect(d.terminalId, d.deviceType).toMatch(/^\d{11}$/);
      else {
        expect(d.terminalId).toMatch(/^86\d{13}$/);
        expect(luhnDigit(d.terminalId.slice(0, 14))).toBe(d.terminalId[14]);
      }
    }
    const plates = rows.map((d) => d.carNumber).filter(Boolean);
    expect(new Set(plates).size).toBe(plates.length);
    for (const p of plates) expect(p).toMatch(/^[京粤][A-HJ-NP-Z][A-HJ-NP-Z0-9]{5}$/);
    expect(rows.some((d) => !d.carNumber && !d.nickname)).toBe(true);
    expect(rows.some((d) => !d.carNumber && d.nickname)).toBe(true);
    const protocols = new Set(rows.map((d) => d.protocol));
    for (const p of [
      DEVICE_PROTOCOL.Gt06,
      DEVICE_PROTOCOL.eight,
      DEVICE_PROTOCOL.Y808,
      DEVICE_PROTOCOL.GW005808,
      DEVICE_PROTOCOL.Bsj,
    ]) {
      expect(protocols, `protocol ${p}`).toContain(p);
    }
  });

  it('gives every device a passed factory test record, plus stock to import', async () => {
    const rows = await db.select().from(stock);
    const byTerminal = new Map(rows.map((s) => [s.terminalId, s]));
    for (const id of await terminalIds()) {
      expect(byTerminal.get(id), id).toMatchObject({ testPassed: true, status: 'shipped' });
    }
    const ready = rows.filter((s) => s.status === 'in_stock' && s.testPassed && s.testedAt);
    const untested = rows.filter((s) => s.status === 'in_stock' && !s.testPassed && !s.testedAt);
    expect(ready).toHaveLength(30);
    expect(untested).toHaveLength(5);
    expect(ready.some((s) => s.terminalId.length === 11)).toBe(true);
  });

  it('ends each track at the position on the device row', async () => {
    const [d] = await db
      .select()
      .from(devices)
      .where(sql`${devices.userId} = ${DEMO_USER_ID} AND ${devices.state} = ${DEVICE_STATE.online}`)
      .orderBy(asc(devices.id))
      .limit(1);
    const track = await db
      .select()
      .from(positions)
      .where(eq(positions.deviceId, d.id))
      .orderBy(asc(positions.fixTime));
    expect(track.length).toBeGreaterThanOrEqual(60);
    const last = track[track.length - 1];
    expect(last.fixTime.getTime()).toBe(d.fixTime!.getTime());
    expect([last.lat, last.lon]).toEqual([d.lat, d.lon]);
  });

  it('stores the settings with no map key', async () => {
    const rows = await db.select().from(systemSettings);
    expect(rows.find((r) => r.key === 'mapKey')?.value).toBeNull();
    expect(typeof rows.find((r) => r.key === 'apiKey')?.value).toBe('string');
  });

  it('is deterministic', async () => {
    const a = buildDemoFleet(now).devices.map((d) => [d.terminalId, d.carNumber, d.state, d.lat]);
    const b = buildDemoFleet(new Date(now.getTime() + 3_600_000)).devices.map((d) => [
      d.terminalId,
      d.carNumber,
      d.state,
      d.lat,
    ]);
    expect(a).toEqual(b);
    const first = await terminalIds();
    await seedDemo(t.handle, { reset: true });
    expect(await terminalIds()).toEqual(first);
    expect(first).toEqual(a.map((r) => r[0]));
  });

  it('refuses to seed twice without reset, and seedIfEmpty leaves data alone', async () => {
    await expect(seedDemo(t.handle)).rejects.toThrow(/already has users/);
    expect(await seedIfEmpty(t.handle)).toBe(false);
  });
});
