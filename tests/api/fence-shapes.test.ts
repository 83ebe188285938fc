/** Fence calls: creating, editing and listing fences, and the shapes refused (docs/api/fences.md). */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fences } from '../../server/db/schema/fences';
import { SEED_USER_IDS } from '../../server/db/seed/index';
import {
  call,
  CENTER,
  circle,
  events,
  expect400,
  fenceNamed,
  h,
  polygon,
  setUpFenceTests,
  SQUARE,
} from './fence-fixture';

setUpFenceTests();

describe('creating fences', () => {
  it('creates a circle, a polygon and a rectangle and tells the alarm engines', async () => {
    const before = events.length;
    const c = await circle({ name: 'Depot circle', center: CENTER, radius: 800 });
    expect(c.status, JSON.stringify(c.meta)).toBe(200);
    expect(c.data).toEqual({
      id: expect.any(Number),
      name: 'Depot circle',
      type: 'circle',
      radius: 800,
      center: CENTER,
      points: null,
      state: 1,
      createdAt: expect.any(String),
      userId: SEED_USER_IDS.agent,
      username: 'agent',
      devices: 0,
    });

    // The closing repeat of the first corner is not stored.
    const p = await polygon({
      name: 'Yard polygon',
      type: 'polygon',
      points: [...SQUARE.slice(0, 3), SQUARE[0]],
    });
    expect(p.status, JSON.stringify(p.meta)).toBe(200);
    expect(p.data).toMatchObject({ type: 'polygon', points: SQUARE.slice(0, 3), radius: null, center: null });

    const r = await polygon({ name: 'Yard rectangle', type: 'rectangle', points: SQUARE });
    expect(r.status, JSON.stringify(r.meta)).toBe(200);
    expect(r.data).toMatchObject({ type: 'rectangle', points: SQUARE });

    expect(events.length - before).toBe(3);
    expect(events.at(-1)).toEqual({ at: expect.any(Number) });
  });

  it('creates a fence for an account of the subtree, not for one outside it', async () => {
    const r = await circle({
      name: 'Sub depot',
      center: CENTER,
      radius: 100,
      userId: SEED_USER_IDS.subagent,
    });
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({ userId: SEED_USER_IDS.subagent, username: 'subagent', radius: 100 });
    const other = await circle({ name: 'Theirs', center: CENTER, radius: 100, userId: SEED_USER_IDS.agent2 });
    expect(other.status).toBe(404);
    expect(other.meta.key).toBe('notFound');
  });

  it('answers every bad shape with its own key and stores nothing', async () => {
    const count = async () => (await h.handle.db.select().from(fences)).length;
    const stored = await count();
    expect400(await circle({ name: 'r99', center: CENTER, radius: 99 }), 'fenceRadiusRange');
    expect400(await circle({ name: 'r1000001', center: CENTER, radius: 1_000_001 }), 'fenceRadiusRange');
    expect400(
      await circle({ name: 'lat91', center: { lng: 116, lat: 91 }, radius: 500 }),
      'fenceCoordinateRange',
    );
    expect400(
      await circle({ name: 'lng181', center: { lng: 181, lat: 39 }, radius: 500 }),
      'fenceCoordinateRange',
    );
    expect400(await circle({ name: 'no centre', radius: 500 }), 'fenceNotDrawn');
    expect400(await circle({ name: 'no radius', center: CENTER }), 'fenceNotDrawn');

    const bowTie = [
      [116.3, 39.9],
      [116.4, 40],
      [116.4, 39.9],
      [116.3, 40],
    ];
    expect400(await polygon({ name: 'bow tie', type: 'polygon', points: bowTie }), 'fenceSelfIntersecting');
    const lat91 = [
      [116.3, 39.9],
      [116.4, 91],
      [116.4, 39.9],
    ];
    expect400(await polygon({ name: 'lat91', type: 'polygon', points: lat91 }), 'fenceCoordinateRange');
    const lng181 = [
      [116.3, 39.9],
      [181, 40],
      [116.4, 39.9],
    ];
    expect400(await polygon({ name: 'lng181', type: 'polygon', points: lng181 }), 'fenceCoordinateRange');
    const two = [
      [116.3, 39.9],
      [116.4, 40],
    ];
    expect400(await polygon({ name: 'two', type: 'polygon', points: two }), 'fenceTooFewPoints');
    // Three points of which two are the same are two points.
    const repeated = [
      [116.3, 39.9],
      [116.4, 40],
      [116.4, 40],
    ];
    expect400(await polygon({ name: 'repeat', type: 'polygon', points: repeated }), 'fenceTooFewPoints');
    expect400(await polygon({ name: 'none', type: 'polygon', points: [] }), 'fenceNotDrawn');
    expect400(await polygon({ name: 'absent', type: 'rectangle' }), 'fenceNotDrawn');
    const skewed = [
      [116.3, 39.9],
      [116.4, 39.95],
      [116.4, 40],
      [116.3, 40],
    ];
    expect400(await polygon({ name: 'skewed', type: 'rectangle', points: skewed }), 'fenceNotRectangle');
    // Beyond the schema's own bounds the generic field errors answer, still 400.
    expect400(await circle({ name: 'huge', center: CENTER, radius: 1e12 }), 'fieldTooLarge');
    expect400(await polygon({ name: 'odd', type: 'polygon', points: [[1, 2, 3]] }), 'fieldTooManyItems');
    expect400(await circle({ name: '   ', center: CENTER, radius: 500 }), 'fieldRequired');

    expect(await count()).toBe(stored);
  });

  it('refuses a name the account already uses, but not the same name for another account', async () => {
    expect400(await circle({ name: 'Depot circle', center: CENTER, radius: 500 }), 'fenceNameTaken');
    expect400(await polygon({ name: 'Depot circle', type: 'rectangle', points: SQUARE }), 'fenceNameTaken');
    const sub = await circle({
      name: 'Depot circle',
      center: CENTER,
      radius: 500,
      userId: SEED_USER_IDS.subagent,
    });
    expect(sub.status).toBe(200);
  });
});

describe('editing fences', () => {
  it('redraws and renames with id, keeping its own name allowed and another one refused', async () => {
    const f = await fenceNamed('Depot circle');
    const same = await circle({
      id: f.id,
      name: 'Depot circle',
      center: { lng: 116.4, lat: 39.9 },
      radius: 1500,
    });
    expect(same.status, JSON.stringify(same.meta)).toBe(200);
    expect(same.data).toMatchObject({ id: f.id, radius: 1500, center: { lng: 116.4, lat: 39.9 } });
    expect400(
      await circle({ id: f.id, name: 'Yard polygon', center: CENTER, radius: 500 }),
      'fenceNameTaken',
    );
    expect400(
      await circle({ id: f.id, name: 'Depot circle', center: CENTER, radius: 50 }),
      'fenceRadiusRange',
    );
    const [row] = await h.handle.db.select().from(fences).where(eq(fences.id, f.id));
    expect(row.radius).toBe(1500);
  });

  it('turns a circle into a polygon, clearing the centre and radius', async () => {
    const made = await circle({ name: 'Shape shifter', center: CENTER, radius: 300 });
    const r = await polygon({ id: made.data.id, name: 'Shape shifter', type: 'polygon', points: SQUARE });
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({
      id: made.data.id,
      type: 'polygon',
      center: null,
      radius: null,
      points: SQUARE,
    });
    const [row] = await h.handle.db.select().from(fences).where(eq(fences.id, made.data.id));
    expect(row).toMatchObject({ centerLat: null, centerLon: null, radius: null });
  });

  it('disables and enables a fence', async () => {
    const f = await fenceNamed('Yard rectangle');
    const before = events.length;
    expect((await call('state', { id: f.id, state: 0 })).status).toBe(200);
    expect((await call('detail', { id: f.id })).data.state).toBe(0);
    expect((await call('state', { id: f.id, state: 1 })).status).toBe(200);
    expect((await call('detail', { id: f.id })).data.state).toBe(1);
    expect(events.length - before).toBe(2);
    expect((await call('state', { id: f.id, state: 2 })).status).toBe(400);
  });
});

describe('listing fences', () => {
  it("lists the subtree's fences with owner and allocation count, newest first", async () => {
    const r = await call('list', { pageSize: 100 });
    expect(r.status).toBe(200);
    const names = r.data.list.map((f: { name: string }) => f.name);
    // The seed's fences of agent and user (below subagent) and those made above.
    expect(names).toEqual(expect.arrayContaining(['天安门 500m', '仓库区域', 'Depot circle', 'Sub depot']));
    expect(names).not.toContain('Futian CBD'); // demo's
    expect(r.data.total).toBe(r.data.list.length);
    const ids = r.data.list.map((f: { id: number }) => f.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const seeded = r.data.list.find((f: { name: string }) => f.name === '天安门 500m');
    expect(seeded).toMatchObject({ type: 'circle', radius: 500, username: 'agent', devices: 3 });
  });

  it('pages, and filters by account, name and type', async () => {
    const all = (await call('list', { pageSize: 100 })).data;
    const page = await call('list', { pageNum: 2, pageSize: 2 });
    expect(page.data.total).toBe(all.total);
    expect(page.data.list).toEqual(all.list.slice(2, 4));

    const sub = await call('list', { userId: SEED_USER_IDS.subagent });
    expect(sub.data.list.map((f: { name: string }) => f.name).sort()).toEqual(['Depot circle', 'Sub depot']);

    const byName = await call('list', { name: 'yard' });
    expect(byName.data.list.map((f: { name: string }) => f.name).sort()).toEqual([
      'Yard polygon',
      'Yard rectangle',
    ]);
    // % and _ are taken literally.
    expect((await call('list', { name: '%' })).data.total).toBe(0);

    const rects = await call('list', { type: 'rectangle', pageSize: 100 });
    expect(rects.data.list.length).toBeGreaterThan(0);
    for (const f of rects.data.list) expect(f.type).toBe('rectangle');

    const outside = await call('list', { userId: SEED_USER_IDS.agent2 });
    expect(outside.status).toBe(404);
  });
});
