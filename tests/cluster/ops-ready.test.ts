import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { createBus } from '../../server/bus';
import { loadConfig } from '../../server/config';
import { openTestDatabase } from '../../server/db/testing';
import { startTcpProxy } from '../support/tcp-proxy';
import { until } from '../support/until';

/**
 * /ready reports the bus (issue 17): with NATS configured, a node whose NATS connection is cut
 * answers 503 naming the bus, and ready again once NATS is back. NATS behind a TCP proxy.
 */
if (!process.env.DATABASE_URL || !process.env.NATS_URL) {
  throw new Error('The cluster tests need DATABASE_URL (PostgreSQL) and NATS_URL');
}

const cleanup: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanup.reverse()) await c();
});

describe('/ready with NATS', () => {
  it('answers 503 while the bus is cut and 200 once it is back', async () => {
    const t = await openTestDatabase();
    cleanup.push(() => t.dispose());
    const nats = new URL(process.env.NATS_URL!);
    const proxy = await startTcpProxy(nats.hostname, Number(nats.port || 4222));
    cleanup.push(() => proxy.close());
    const bus = await createBus(`nats://127.0.0.1:${proxy.port}`, 'ops-ready-test');
    cleanup.push(() => bus.close());
    const app = await buildApp({ config: loadConfig(process.env), handle: t.handle, bus });
    await app.ready();
    cleanup.push(() => app.close());
    const ready = async () => {
      const res = await app.inject({ url: '/ready' });
      return { status: res.statusCode, checks: res.json().checks };
    };

    expect(await ready()).toEqual({ status: 200, checks: { database: 'ok', bus: 'ok', process: 'running' } });
    proxy.cut();
    const cut = await until(ready, (r) => r.status === 503, 15_000);
    expect(cut.status).toBe(503);
    expect(cut.checks).toMatchObject({ database: 'ok', process: 'running' });
    expect(['timeout', 'failed']).toContain(cut.checks.bus);
    proxy.restore();
    expect(await until(ready, (r) => r.status === 200, 20_000)).toMatchObject({ status: 200 });
  }, 90_000);
});
