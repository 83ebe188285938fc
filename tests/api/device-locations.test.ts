import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { devices } from '../../server/db/schema/devices';
import { closeDatabase, startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
  await closeDatabase();
});

async function ownerIds(ids: number[]) {
  const rows = await h.handle.db.select({ id: devices.id, userId: devices.userId }).from(devices);
  const owner = new Map(rows.map((r) => [r.id, r.userId]));
  return new Set(ids.map((id) => owner.get(id)));
}

describe('POST /api/device/findDeviceLocationAll', () => {
  it("answers the devices of the caller's whole subtree and nothing else", async () => {
    const agent = await h.login('agent');
    const r = await h.post('/api/device/findDeviceLocationAll', {}, agent);
    const owners = await ownerIds(r.data.map((d: { id: number }) => d.id));
    const allowed = new Set(
      await Promise.all(['agent', 'subagent', 'user', 'superuser', 'expired'].map((n) => h.idOf(n))),
    );
    expect(r.data.length).toBeGreaterThan(50);
    for (const o of owners) expect(allowed.has(o!)).toBe(true);
  });

  it('narrows to one selected account of the subtree', async () => {
    const agent = await h.login('agent');
    const sub = await h.idOf('subagent');
    const r = await h.post('/api/device/findDeviceLocationAll', { userId: sub }, agent);
    expect(r.data.length).toBeGreaterThan(0);
    expect([...(await ownerIds(r.data.map((d: { id: number }) => d.id)))]).toEqual([sub]);
  });

  it('refuses an account of another tree', async () => {
    const agent = await h.login('agent');
    const r = await h.post('/api/device/findDeviceLocationAll', { userId: await h.idOf('agent2') }, agent);
    expect(r.meta.key).toBe('notFound');
    expect(r.data).toBeNull();
  });

  it('hides the position of a device past its expiry', async () => {
    const user = await h.login('user');
    const [first] = (await h.post('/api/device/findDeviceLocationAll', {}, user)).data.filter(
      (d: { location: unknown }) => d.location,
    );
    await h.handle.db
      .update(devices)
      .set({ platformExpireAt: new Date(Date.now() - 1000) })
      .where(eq(devices.id, first.id));
    const again = (await h.post('/api/device/findDeviceLocationAll', {}, user)).data.find(
      (d: { id: number }) => d.id === first.id,
    );
    expect(again.location).toBeNull();
  });

  it('is closed to factory roles', async () => {
    const test = await h.login('test');
    expect((await h.post('/api/device/findDeviceLocationAll', {}, test)).meta.message).toBe('9906');
  });
});
