import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { SUBJECT } from '../../server/bus/types';
import { devices } from '../../server/db/schema/devices';
import { fences } from '../../server/db/schema/fences';
import { SEED_USER_IDS } from '../../server/db/seed/index';
import { closeDatabase, startHarness, type Harness } from './harness';

/**
 * What the fence API tests share (fence-shapes.test.ts, fence-allocation.test.ts): a harness of
 * their own per file, the seed's sessions, the fences.changed events seen, and the calls.
 * The bindings are live: set in beforeAll, read in the tests.
 */
export let h: Harness;
export let agent: string;
export let agent2: string;
export let demo: string;
export let user: string;
export const events: unknown[] = [];

export function setUpFenceTests() {
  beforeAll(async () => {
    h = await startHarness();
    [agent, agent2, demo, user] = await Promise.all(
      ['agent', 'agent2', 'demo', 'user'].map((u) => h.login(u)),
    );
    h.app.bus.subscribe(SUBJECT.fencesChanged, (data) => events.push(data));
  });
  afterAll(async () => {
    await h.close();
    await closeDatabase();
  });
}

export const devicesOf = (owner: keyof typeof SEED_USER_IDS) =>
  h.handle.db.select().from(devices).where(eq(devices.userId, SEED_USER_IDS[owner])).orderBy(asc(devices.id));

export const circle = (body: object, token = agent) =>
  h.post('/api/geofencing/geofencingCircle', body, token);
export const polygon = (body: object, token = agent) =>
  h.post('/api/geofencing/geofencingRectangle', body, token);
export const call = (path: string, body: object, token = agent) => h.post(`/api/fence/${path}`, body, token);

export const CENTER = { lng: 116.3975, lat: 39.9087 };
export const SQUARE: [number, number][] = [
  [116.3, 39.9],
  [116.4, 39.9],
  [116.4, 40],
  [116.3, 40],
];

export function expect400(r: { status: number; meta: { key?: string } }, key: string) {
  expect(r.status, JSON.stringify(r.meta)).toBe(400);
  expect(r.meta.key).toBe(key);
}

/** A fence of an account by its name (names are unique per account). */
export async function fenceNamed(name: string, owner: keyof typeof SEED_USER_IDS = 'agent') {
  const [row] = await h.handle.db
    .select()
    .from(fences)
    .where(and(eq(fences.name, name), eq(fences.userId, SEED_USER_IDS[owner])));
  return row;
}
