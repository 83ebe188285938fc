import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openTestDatabase, type TestDatabase } from '../../server/db/testing';
import { seedBulkFleet } from '../../server/db/seed/bulk';
import type { SimDevice } from '../../server/sim/device';
import { startOwnNats, type OwnNats } from '../support/own-nats';
import { apiPost, startServerProcess, type ServerProcess } from '../support/processes';
import { connectFleet, faultFleet, LoadDriver, settle, storedRows, tally } from './fault-fleet';
import { LiveClient } from './live-client';

/**
 * NATS stops for 10 s (issue 17): a gateway node and an API node over the test's own
 * nats-server. 200 trackers at one position a second: the fault is in the bus, not the load,
 * so a small fleet shows whether storing goes on and when live updates come back.
 */
if (!process.env.DATABASE_URL) throw new Error('The cluster tests need DATABASE_URL (PostgreSQL)');

const TRACKERS = 200;
const OUTAGE_MS = 10_000;
/** The NATS client retries every 2 s (its reconnectTimeWait), then resubscribes. */
const RESUME_WITHIN_MS = 10_000;

let t: TestDatabase | null = null;
let nats: OwnNats | null = null;
const nodes: ServerProcess[] = [];
let fleet: SimDevice[] = [];
let driver: LoadDriver | null = null;
let client: LiveClient | null = null;
let terminalIds: string[] = [];

beforeAll(async () => {
  nats = await startOwnNats();
  t = await openTestDatabase({ seed: { history: false } });
  terminalIds = (await seedBulkFleet(t.db, { username: 'natsfault', count: TRACKERS, protocol: 'jt808' }))
    .terminalIds;
  const env = {
    DATABASE_URL: t.url!,
    NATS_URL: nats.url,
    LOGIN_RATE_PER_IP: '1000',
    EXPIRY_REMINDER_INTERVAL_MS: '0',
  };
  nodes.push(
    ...(await Promise.all(
      ['gateway', 'api'].map((role) => startServerProcess({ ...env, NODE_ROLE: role }, 180_000)),
    )),
  );
}, 240_000);

afterAll(async () => {
  driver?.stop();
  client?.close();
  for (const d of fleet) d.stop();
  await Promise.all(nodes.map((n) => n.stop()));
  await nats?.dispose();
  await t?.dispose();
});

const positionRows = async () =>
  Number(
    (
      await t!.db.execute<{ n: string }>(sql`
        SELECT count(*) AS n FROM positions p JOIN devices d ON d.id = p.device_id
        WHERE d.terminal_id = ANY(${sql.param(terminalIds)}::varchar[])`)
    ).rows[0].n,
  );

/** Newest fix time (ms) the page got live. */
const newestLive = (c: LiveClient) => Math.max(0, ...c.view.values());

describe('NATS stops for 10 s', () => {
  it('gateways keep storing, and live updates resume once NATS is back', async () => {
    const [gateway, api] = nodes;
    fleet = faultFleet(terminalIds.map((terminalId) => ({ terminalId, ports: [gateway.jt808Port] })));
    await connectFleet(fleet);
    const login = await apiPost(api.port, '/api/login', { username: 'natsfault', password: '123456' });
    client = new LiveClient(`127.0.0.1:${api.port}`, login.data.token as string);
    client.open();
    driver = new LoadDriver(fleet, 1);
    driver.start();
    const liveEnd = Date.now() + 15_000;
    while (client.view.size === 0 && Date.now() < liveEnd) await new Promise((r) => setTimeout(r, 100));
    expect(client.view.size, 'live positions before the outage').toBeGreaterThan(0);

    await nats!.stop();
    const stoppedAt = Date.now();
    await new Promise((r) => setTimeout(r, 1000));
    const rowsEarly = await positionRows();
    const ackedEarly = fleet.reduce((n, d) => n + d.ledger!.acked.size, 0);
    await new Promise((r) => setTimeout(r, OUTAGE_MS - 1000));
    const rowsLate = await positionRows();
    const ackedLate = fleet.reduce((n, d) => n + d.ledger!.acked.size, 0);
    // About TRACKERS rows a second went on being stored and acked without the bus.
    expect(rowsLate - rowsEarly).toBeGreaterThan(TRACKERS * 5);
    expect(ackedLate - ackedEarly).toBeGreaterThan(TRACKERS * 5);
    expect(fleet.every((d) => d.stats.drops === 0)).toBe(true);

    await nats!.start();
    const restartedAt = Date.now();
    // Live again: a position taken after the restart reaches the page.
    const resumeEnd = restartedAt + RESUME_WITHIN_MS + 5000;
    while (newestLive(client) < restartedAt - 1000 && Date.now() < resumeEnd)
      await new Promise((r) => setTimeout(r, 100));
    const resumedMs = Date.now() - restartedAt;
    driver.stop();
    expect(await settle(fleet, 20_000)).toBe(0);
    const n = tally(fleet, await storedRows(t!.db, terminalIds));
    console.log(
      JSON.stringify({
        fault: 'NATS stopped',
        outageMs: restartedAt - stoppedAt,
        storedDuringOutage: rowsLate - rowsEarly,
        liveResumedAfterMs: resumedMs,
        websocketReconnects: client.hellos - 1,
        ...n,
      }),
    );
    expect(resumedMs).toBeLessThanOrEqual(RESUME_WITHIN_MS);
    expect(n).toMatchObject({ lost: 0, lostAcked: 0, duplicates: 0, phantom: 0 });
  }, 120_000);
});
