/** Fence calls: allocation to devices, deletion, another tree's fences, demo and roles (docs/api/fences.md). */
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DeviceRow } from '../../server/db/schema/devices';
import { fenceDevices } from '../../server/db/schema/fence-devices';
import { fences } from '../../server/db/schema/fences';
import { SEED_USER_IDS } from '../../server/db/seed/index';
import {
  agent2,
  call,
  CENTER,
  circle,
  demo,
  devicesOf,
  events,
  expect400,
  fenceNamed,
  h,
  polygon,
  setUpFenceTests,
  SQUARE,
  user,
} from './fence-fixture';

setUpFenceTests();

// The fences these tests allocate, drawn as fence-shapes.test.ts draws them.
beforeAll(async () => {
  const made = [
    await circle({ name: 'Depot circle', center: CENTER, radius: 800 }),
    await polygon({ name: 'Yard polygon', type: 'polygon', points: SQUARE.slice(0, 3) }),
    await polygon({ name: 'Yard rectangle', type: 'rectangle', points: SQUARE }),
  ];
  for (const r of made) expect(r.status, JSON.stringify(r.meta)).toBe(200);
});

describe('allocating fences to devices', () => {
  let mine: DeviceRow[];
  let theirs: DeviceRow;
  let fenceId: number;

  beforeAll(async () => {
    mine = [(await devicesOf('agent'))[0], (await devicesOf('subagent'))[0]];
    [theirs] = await devicesOf('agent2');
    fenceId = (await fenceNamed('Yard polygon')).id;
  });

  it("allocates to two devices of the agent's tree and shows them in detail; another tree's device fails", async () => {
    const before = events.length;
    const r = await call('allocate', {
      fenceId,
      terminalIDs: [...mine.map((d) => d.terminalId), theirs.terminalId, '19999999999'],
      alarmMode: 'in',
      postType: 3,
      inMinutes: 15,
      outMinutes: 0,
    });
    expect(r.status, JSON.stringify(r.meta)).toBe(200);
    expect(r.data).toEqual({
      total: 4,
      succeeded: 2,
      failed: [
        { terminalID: theirs.terminalId, key: 'notFound', message: expect.any(String) },
        { terminalID: '19999999999', key: 'notFound', message: expect.any(String) },
      ],
    });
    expect(events.length - before).toBe(1);

    const d = await call('detail', { id: fenceId });
    expect(d.status).toBe(200);
    expect(d.data).toMatchObject({ id: fenceId, name: 'Yard polygon', devices: 2, hiddenDevices: 0 });
    expect(d.data.allocations).toHaveLength(2);
    for (const dev of mine) {
      expect(d.data.allocations).toContainEqual({
        terminalID: dev.terminalId,
        name: dev.carNumber || dev.nickname || dev.terminalId,
        alarmMode: 'in',
        postType: 3,
        inMinutes: 15,
        outMinutes: 0,
        inside: null,
      });
    }
    const rows = await h.handle.db.select().from(fenceDevices).where(eq(fenceDevices.deviceId, theirs.id));
    expect(rows.map((x) => x.fenceId)).not.toContain(fenceId);
    expect((await call('list', { name: 'Yard polygon' })).data.list[0].devices).toBe(2);
  });

  it('allocating again changes the rule and keeps the side the engine saw', async () => {
    await h.handle.db
      .update(fenceDevices)
      .set({ inside: true })
      .where(and(eq(fenceDevices.fenceId, fenceId), eq(fenceDevices.deviceId, mine[0].id)));
    const r = await call('allocate', {
      fenceId,
      terminalIDs: [mine[0].terminalId],
      alarmMode: 'out',
      outMinutes: 1440,
    });
    expect(r.data).toEqual({ total: 1, succeeded: 1, failed: [] });
    const d = await call('detail', { id: fenceId });
    const a = d.data.allocations.find((x: { terminalID: string }) => x.terminalID === mine[0].terminalId);
    expect(a).toMatchObject({ alarmMode: 'out', postType: 1, inMinutes: 0, outMinutes: 1440, inside: true });
    expect(d.data.allocations).toHaveLength(2);
  });

  it('allocates every device of an account of the subtree, and refuses an account outside it', async () => {
    const own = await devicesOf('user');
    const f = await fenceNamed('Yard rectangle');
    const r = await call('allocate', { fenceId: f.id, userIds: [SEED_USER_IDS.user] });
    expect(r.status, JSON.stringify(r.meta)).toBe(200);
    expect(r.data).toEqual({ total: own.length, succeeded: own.length, failed: [] });
    const rows = await h.handle.db.select().from(fenceDevices).where(eq(fenceDevices.fenceId, f.id));
    expect(rows.map((x) => x.deviceId).sort()).toEqual(own.map((d) => d.id).sort());

    const out = await call('allocate', {
      fenceId: f.id,
      userIds: [SEED_USER_IDS.user, SEED_USER_IDS.agent2user],
    });
    expect(out.status).toBe(404);
    expect(out.meta.key).toBe('notFound');
    expect(await h.handle.db.select().from(fenceDevices).where(eq(fenceDevices.fenceId, f.id))).toHaveLength(
      own.length,
    );
  });

  it('checks the request: no devices, bad modes and minutes', async () => {
    expect400(await call('allocate', { fenceId, terminalIDs: [] }), 'deviceListEmpty');
    expect400(await call('allocate', { fenceId, terminalIDs: ['  '] }), 'deviceListEmpty');
    const t = [mine[0].terminalId];
    expect((await call('allocate', { fenceId, terminalIDs: t, alarmMode: 'sideways' })).status).toBe(400);
    expect((await call('allocate', { fenceId, terminalIDs: t, postType: 5 })).status).toBe(400);
    expect400(await call('allocate', { fenceId, terminalIDs: t, inMinutes: 1441 }), 'fieldTooLarge');
    expect400(await call('allocate', { fenceId, terminalIDs: t, outMinutes: -1 }), 'fieldTooSmall');
    expect((await call('allocate', { fenceId: 999_999, terminalIDs: t })).status).toBe(404);
  });

  it('refuses to delete a fence in use; after unallocating, deletes it', async () => {
    expect400(await call('delete', { id: fenceId }), 'fenceInUse');
    expect((await call('detail', { id: fenceId })).data.allocations).toHaveLength(2);

    const before = events.length;
    const u = await call('unallocate', {
      fenceId,
      terminalIDs: [...mine.map((d) => d.terminalId), theirs.terminalId],
    });
    expect(u.status).toBe(200);
    expect(u.data).toEqual({
      total: 3,
      succeeded: 2,
      failed: [{ terminalID: theirs.terminalId, key: 'notFound', message: expect.any(String) }],
    });
    expect(events.length - before).toBe(1);
    expect((await call('detail', { id: fenceId })).data).toMatchObject({ devices: 0, allocations: [] });

    const del = await call('delete', { id: fenceId });
    expect(del.status, JSON.stringify(del.meta)).toBe(200);
    expect(del.data).toBeNull();
    expect(events.length - before).toBe(2);
    expect(await fenceNamed('Yard polygon')).toBeUndefined();
    expect((await call('detail', { id: fenceId })).status).toBe(404);
    expect((await call('delete', { id: fenceId })).status).toBe(404);
  });

  it('hides allocations to devices that left the subtree, counting them', async () => {
    const f = await fenceNamed('Depot circle');
    await call('allocate', { fenceId: f.id, terminalIDs: [mine[0].terminalId] });
    // As if the device had been moved to another tree since.
    await h.handle.db.insert(fenceDevices).values({ fenceId: f.id, deviceId: theirs.id });
    const d = await call('detail', { id: f.id });
    expect(d.data).toMatchObject({ devices: 2, hiddenDevices: 1 });
    expect(d.data.allocations.map((a: { terminalID: string }) => a.terminalID)).toEqual([mine[0].terminalId]);
    expect(JSON.stringify(d.data)).not.toContain(theirs.terminalId);
    await h.handle.db.delete(fenceDevices).where(eq(fenceDevices.fenceId, f.id));
  });
});

describe("another tree's fences", () => {
  let f: typeof fences.$inferSelect;
  let snapshot: string;

  beforeAll(async () => {
    f = await fenceNamed('天安门 500m');
    snapshot = JSON.stringify([
      await h.handle.db.select().from(fences).where(eq(fences.id, f.id)),
      await h.handle.db.select().from(fenceDevices).where(eq(fenceDevices.fenceId, f.id)),
    ]);
  });

  it('are never listed, read, edited, allocated, disabled or deleted', async () => {
    const list = await call('list', { pageSize: 100 }, agent2);
    expect(list.status).toBe(200);
    expect(list.data.list.map((x: { id: number }) => x.id)).not.toContain(f.id);
    const [theirDevice] = await devicesOf('agent2');
    const attempts = [
      await call('detail', { id: f.id }, agent2),
      await circle({ id: f.id, name: 'taken over', center: CENTER, radius: 500 }, agent2),
      await polygon({ id: f.id, name: 'taken over', type: 'polygon', points: SQUARE }, agent2),
      await call('allocate', { fenceId: f.id, terminalIDs: [theirDevice.terminalId] }, agent2),
      await call('unallocate', { fenceId: f.id, terminalIDs: [theirDevice.terminalId] }, agent2),
      await call('state', { id: f.id, state: 0 }, agent2),
      await call('delete', { id: f.id }, agent2),
    ];
    for (const r of attempts) {
      expect(r.status).toBe(404);
      expect(r.meta.key).toBe('notFound');
      expect(r.data).toBeNull();
    }
    const after = JSON.stringify([
      await h.handle.db.select().from(fences).where(eq(fences.id, f.id)),
      await h.handle.db.select().from(fenceDevices).where(eq(fenceDevices.fenceId, f.id)),
    ]);
    expect(after).toBe(snapshot);
  });

  it("an end user sees its own fences only, not its agent's", async () => {
    const r = await call('list', { pageSize: 100 }, user);
    expect(r.status).toBe(200);
    expect(r.data.list.map((x: { name: string }) => x.name).sort()).toEqual(await fenceNamesOf('user'));
    expect((await call('detail', { id: f.id }, user)).status).toBe(404);
    const own = await circle({ name: 'Home', center: CENTER, radius: 200 }, user);
    expect(own.status).toBe(200);
    expect(own.data.userId).toBe(SEED_USER_IDS.user);
  });
});

/** The names of an account's own fences (the seed's, its depots among them), sorted. */
async function fenceNamesOf(owner: 'user' | 'demo') {
  const rows = await h.handle.db
    .select({ name: fences.name })
    .from(fences)
    .where(and(eq(fences.userId, SEED_USER_IDS[owner]), eq(fences.purpose, 'fence')));
  const names = rows.map((r) => r.name).sort();
  expect(names).toContain(owner === 'user' ? '仓库区域' : 'Futian CBD');
  return names;
}

describe('the demo account and roles without fence:manage', () => {
  it('lets demo read its own fences and refuses every write with demoForbidden', async () => {
    const list = await call('list', {}, demo);
    expect(list.status).toBe(200);
    expect(list.data.list.map((x: { name: string }) => x.name).sort()).toEqual(await fenceNamesOf('demo'));
    const own = list.data.list.find((x: { name: string }) => x.name === 'Futian CBD');
    const detail = await call('detail', { id: own.id }, demo);
    expect(detail.status).toBe(200);
    expect(detail.data.allocations.length).toBe(own.devices);

    const [dev] = await devicesOf('demo');
    const before = events.length;
    const writes = [
      await circle({ name: 'demo circle', center: CENTER, radius: 500 }, demo),
      await polygon({ name: 'demo polygon', type: 'polygon', points: SQUARE }, demo),
      await polygon({ id: own.id, name: 'renamed', type: 'polygon', points: SQUARE }, demo),
      await call('allocate', { fenceId: own.id, terminalIDs: [dev.terminalId] }, demo),
      await call('unallocate', { fenceId: own.id, terminalIDs: [dev.terminalId] }, demo),
      await call('state', { id: own.id, state: 0 }, demo),
      await call('delete', { id: own.id }, demo),
    ];
    for (const r of writes) {
      expect(r.status).toBe(403);
      expect(r.meta.key).toBe('demoForbidden');
    }
    expect(events.length).toBe(before);
    const again = await call('detail', { id: own.id }, demo);
    expect(again.data).toEqual(detail.data);
  });

  it('refuses a role without the permission, and a caller without a session', async () => {
    const test = await h.login('test');
    expect((await call('list', {}, test)).status).toBe(403);
    expect((await circle({ name: 'qc', center: CENTER, radius: 500 }, test)).status).toBe(403);
    expect((await h.post('/api/fence/list', {})).status).toBe(401);
  });
});

describe('allocation limits', () => {
  it('refuses more than 10,000 terminal ids by schema', async () => {
    const f = await fenceNamed('Depot circle');
    const ids = Array.from({ length: 10_001 }, (_, i) => String(860000000000000 + i));
    expect400(await call('allocate', { fenceId: f.id, terminalIDs: ids }), 'fieldTooManyItems');
  });

  it('answers every one of 10,000 unknown ids as not found, in chunks', async () => {
    const f = await fenceNamed('Depot circle');
    const ids = Array.from({ length: 10_000 }, (_, i) => String(870000000000000 + i));
    const mine = (await devicesOf('agent')).slice(0, 2).map((d) => d.terminalId);
    const r = await call('allocate', { fenceId: f.id, terminalIDs: [...ids.slice(0, 9_998), ...mine] });
    expect(r.status).toBe(200);
    expect(r.data.total).toBe(10_000);
    expect(r.data.succeeded).toBe(2);
    expect(r.data.failed).toHaveLength(9_998);
    const rows = await h.handle.db
      .select()
      .from(fenceDevices)
      .where(
        and(
          eq(fenceDevices.fenceId, f.id),
          inArray(
            fenceDevices.deviceId,
            (await devicesOf('agent')).slice(0, 2).map((d) => d.id),
          ),
        ),
      );
    expect(rows).toHaveLength(2);
  });
});
