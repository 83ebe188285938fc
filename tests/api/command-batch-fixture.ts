import { afterAll, beforeAll } from 'vitest';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { isDeviceExpired } from '../../src/domain/expiry';
import { loadConfig } from '../../server/config';
import { commandBatches } from '../../server/db/schema/command-batches';
import { devices } from '../../server/db/schema/devices';
import { users } from '../../server/db/schema/users';
import { seedBulkFleet } from '../../server/db/seed/bulk';
import { startGateway, type Gateway } from '../../server/gateway/runtime/server';
import { DEFAULT_SIM_OPTIONS, SimDevice, type Family } from '../../server/sim/device';
import type { Progress } from './device-fixture';
import { closeDatabase, startHarness, type Harness } from './harness';
import { loopbackListeners } from '../support/loopback-gateway';

/**
 * What the batch command tests share: a listening server (for websockets) with a GT06 and a
 * JT/T 808 gateway on its bus, a bulk fleet of 500 unconnected GT06 devices under agent,
 * simulated trackers that answer commands, and helpers that wait for a batch to end. The
 * bindings are live: set in beforeAll, read in the tests.
 */
export let h: Harness;
export let gw: Gateway;
export let url: string;
export let fleet: string[];
export const tokens: Record<string, string> = {};
const sims: SimDevice[] = [];

export function setUpCommandBatchTests() {
  beforeAll(async () => {
    const base = loadConfig();
    h = await startHarness({
      commandBatch: { ratePerSecond: 1000, concurrency: 100 },
      gateway: { ...base.gateway, commandTimeoutSeconds: 2 },
    });
    gw = await startGateway(
      { db: h.handle.db, bus: h.app.bus },
      loopbackListeners(),
      { commandTimeoutMs: 1500 },
    );
    const bulk = await seedBulkFleet(h.handle.db, {
      username: 'cmdfleet',
      parentUsername: 'agent',
      count: 500,
    });
    fleet = bulk.terminalIds;
    url = await h.app.listen({ port: 0, host: '127.0.0.1' });
    for (const u of ['agent', 'agent2', 'admin', 'demo']) tokens[u] = await h.login(u);
  }, 120_000);
  afterAll(async () => {
    for (const s of sims) s.stop();
    await gw.close();
    await h.close();
    await closeDatabase();
  });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const post = (user: string, path: string, body: object) =>
  h.post(`/api/command/${path}`, body, tokens[user]);

export type Dev = { id: number; terminalId: string; lat: number | null; lon: number | null };
const taken = new Set<number>();

/**
 * A device of `owner` with one of the device `types`, not yet used by the file and not expired
 * (an expired device takes no command: docs/expiry.md).
 */
export async function deviceOf(owner: string, types: string[]): Promise<Dev> {
  const rows = await h.handle.db
    .select({
      id: devices.id,
      terminalId: devices.terminalId,
      lat: devices.lat,
      lon: devices.lon,
      expireType: devices.expireType,
      platformExpireAt: devices.platformExpireAt,
      userExpireAt: devices.userExpireAt,
    })
    .from(devices)
    .innerJoin(users, eq(users.id, devices.userId))
    .where(and(eq(users.username, owner), inArray(devices.deviceType, types), isNotNull(devices.lat)))
    .orderBy(devices.id);
  const now = Date.now();
  const d = rows.find((r) => !taken.has(r.id) && !isDeviceExpired(r, now));
  if (!d) throw new Error(`no ${types.join('/')} device of ${owner} left`);
  taken.add(d.id);
  return { id: d.id, terminalId: d.terminalId, lat: d.lat, lon: d.lon };
}

/** A simulated tracker of the device, connected and registered by the gateway. */
export async function connect(d: Dev, family: Family) {
  const s = new SimDevice(
    { terminalId: d.terminalId, family, lat: d.lat!, lon: d.lon!, seed: 5 },
    {
      ...DEFAULT_SIM_OPTIONS,
      ports: { gt06: gw.ports.gt06, jt808: gw.ports.jt808 },
      manual: true,
      reconnect: false,
    },
  );
  sims.push(s);
  await s.start();
  for (let i = 0; i < 200 && !gw.ctx.registry.get(d.terminalId); i++) await sleep(25);
  return s;
}

/** The batch's row once its run is over. */
export async function finished(batchKey: string, ms = 20_000) {
  for (const end = Date.now() + ms; Date.now() < end; await sleep(50)) {
    const [b] = await h.handle.db.select().from(commandBatches).where(eq(commandBatches.batchKey, batchKey));
    if (b && b.status !== 'running' && b.finishedAt) return b;
  }
  throw new Error(`batch ${batchKey} still running`);
}

/** Every item of a batch as multipleCmdSearch answers it, by terminal id. */
export async function itemsOf(batchKey: string, user = 'agent') {
  const r = await post(user, 'multipleCmdSearch', { batchId: batchKey, pageSize: 100 });
  return new Map<string, Record<string, unknown>>(
    r.data.list.map((i: { terminalID: string }) => [i.terminalID, i]),
  );
}

/** The last progress message of a batch, once one says done = total. */
export async function lastProgress(got: Progress[], batchKey: string) {
  const mine = () => got.filter((m) => m.batchId === batchKey);
  for (let i = 0; i < 100 && !mine().some((m) => m.done === m.total); i++) await sleep(20);
  return mine().at(-1);
}
