import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, inArray } from 'drizzle-orm';
import { devices } from '../../server/db/schema/devices';
import { seedBulkFleet } from '../../server/db/seed/bulk';
import { DEVICE_BATCH_MAX } from '../../src/domain/device-rules';
import { closeDatabase, startHarness, type Harness } from './harness';
import { openSocket, ownedBy } from './device-fixture';

let h: Harness;
let url: string;
let fleet: string[];

beforeAll(async () => {
  h = await startHarness();
  const bulk = await seedBulkFleet(h.handle.db, {
    username: 'bigfleet',
    parentUsername: 'agent',
    count: DEVICE_BATCH_MAX - 10,
    subAccounts: 4,
  });
  fleet = bulk.terminalIds;
  url = await h.app.listen({ port: 0, host: '127.0.0.1' });
}, 180_000);
afterAll(async () => {
  await h.close();
  await closeDatabase();
});

describe('a 10,000-device batch', () => {
  it('applies each device on its own and reports progress over the websocket', async () => {
    const agent = await h.login('agent');
    const mine = await openSocket(url, agent);
    const other = await openSocket(url, await h.login('agent2'));
    const foreign = (await ownedBy(h, 'agent2')).slice(0, 5).map((d) => d.terminalId);
    const unknown = Array.from({ length: 5 }, (_, i) => `99999999999000${i}`);
    const terminalIDs = [...fleet.slice(0, 4000), ...foreign, ...fleet.slice(4000), ...unknown];
    expect(terminalIDs.length).toBe(DEVICE_BATCH_MAX);
    const platformExpireAt = new Date('2031-05-01T00:00:00Z');

    const res = await fetch(`${url}/api/device/deviceUpdateTime`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${agent}` },
      body: JSON.stringify({
        terminalIDs,
        platformExpireAt: platformExpireAt.toISOString(),
        batchId: 'b-10k',
      }),
    });
    const body = await res.json();
    expect(body.data.total).toBe(DEVICE_BATCH_MAX);
    expect(body.data.succeeded).toBe(DEVICE_BATCH_MAX - 10);
    expect(body.data.failed.map((f: { terminalID: string }) => f.terminalID)).toEqual([
      ...foreign,
      ...unknown,
    ]);
    expect(new Set(body.data.failed.map((f: { key: string }) => f.key))).toEqual(new Set(['notFound']));

    // The final progress message was published before the answer; give the socket a moment.
    for (let i = 0; i < 50 && !mine.got.some((m) => m.done === m.total); i++)
      await new Promise((r) => setTimeout(r, 20));
    const events = mine.got.filter((m) => m.batchId === 'b-10k');
    expect(events.length).toBeGreaterThanOrEqual(2);
    expect(events.at(-1)).toEqual({
      type: 'batch',
      batchId: 'b-10k',
      done: 10_000,
      total: 10_000,
      failed: 10,
    });
    const dones = events.map((e) => e.done);
    expect([...dones].sort((a, b) => a - b)).toEqual(dones);
    expect(dones[0]).toBeLessThan(10_000);
    expect(other.got).toEqual([]);

    const rows = await h.handle.db
      .select({ t: devices.terminalId, at: devices.platformExpireAt })
      .from(devices)
      .where(inArray(devices.terminalId, [...fleet.slice(0, 50), ...foreign]));
    for (const r of rows) {
      if (foreign.includes(r.t)) expect(r.at?.getTime()).not.toBe(platformExpireAt.getTime());
      else expect(r.at?.getTime()).toBe(platformExpireAt.getTime());
    }
    const [{ n }] = await h.handle.db
      .select({ n: count() })
      .from(devices)
      .where(and(inArray(devices.terminalId, fleet), eq(devices.platformExpireAt, platformExpireAt)));
    expect(n).toBe(fleet.length);
    mine.ws.close();
    other.ws.close();
  }, 120_000);
});
