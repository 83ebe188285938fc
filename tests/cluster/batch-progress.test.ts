import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { createNatsBus } from '../../server/bus/nats';
import type { EventBus } from '../../server/bus/types';
import { closeDatabase, startHarness, type Harness } from '../api/harness';
import { openSocket, ownedBy } from '../api/device-fixture';

/**
 * Batch progress across the cluster: the batch runs on node A, the user's browser is connected
 * to node B, and the progress reaches it over NATS. The `cluster` project needs NATS_URL (.ci/run
 * gives it); run alone with `NATS_URL=nats://127.0.0.1:4222 npx vitest run --project cluster`.
 */
const NATS_URL = process.env.NATS_URL;
if (!NATS_URL) throw new Error('The cluster tests need NATS_URL');

let h: Harness;
const buses: EventBus[] = [];
let nodeB: FastifyInstance;
let nodeA: FastifyInstance;

beforeAll(async () => {
  h = await startHarness();
  for (const name of ['a', 'b']) buses.push(await createNatsBus(NATS_URL, `test-${name}`));
  nodeA = await buildApp({ config: h.config, handle: h.handle, bus: buses[0] });
  nodeB = await buildApp({ config: h.config, handle: h.handle, bus: buses[1] });
  await nodeA.ready();
  await nodeB.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await nodeA?.close();
  await nodeB?.close();
  for (const b of buses) await b.close();
  await h.close();
  await closeDatabase();
});

describe('batch progress in a cluster', () => {
  it("reaches the user's websocket on another node over NATS, and only that user's", async () => {
    const token = await h.login('agent');
    const port = (nodeB.server.address() as { port: number }).port;
    const mine = await openSocket(`http://127.0.0.1:${port}`, token);
    const other = await openSocket(`http://127.0.0.1:${port}`, await h.login('agent2'));
    const list = (await ownedBy(h, 'subagent')).map((d) => d.terminalId);
    const res = await nodeA.inject({
      method: 'POST',
      url: '/api/device/updateIconTypeList',
      payload: { terminalIDs: [...list, 'nope-1'], iconType: 9, batchId: 'cluster-1' },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.json().data).toMatchObject({ total: list.length + 1, succeeded: list.length });
    for (let i = 0; i < 100 && mine.got.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(mine.got.at(-1)).toEqual({
      type: 'batch',
      batchId: 'cluster-1',
      done: list.length + 1,
      total: list.length + 1,
      failed: 1,
    });
    expect(other.got).toEqual([]);
    mine.ws.close();
    other.ws.close();
  });
});
