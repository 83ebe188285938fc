import { beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { buildApp } from '../../server/app';
import { commandBatchItems, commandBatches } from '../../server/db/schema/command-batches';
import { commands } from '../../server/db/schema/commands';
import { devices } from '../../server/db/schema/devices';
import { offlineCommands } from '../../server/db/schema/offline-commands';
import { COMMAND_RESULT } from '../../src/domain/codes';
import { isDeviceExpired } from '../../src/domain/expiry';
import { MESSAGES, type MessageKey } from '../../src/domain/messages';
import {
  connect,
  deviceOf,
  finished,
  fleet,
  h,
  itemsOf,
  lastProgress,
  post,
  setUpCommandBatchTests,
  sleep,
  tokens,
  url,
  type Dev,
} from './command-batch-fixture';
import { openSocket } from './device-fixture';

/**
 * Batch commands (issue 13 part 3) against a real gateway: simulated GT06 and JT/T 808
 * trackers over TCP answer, offline devices are queued or refused by protocol, each refusal
 * is the device's own, progress reaches the sender's websocket, a cancel from any node stops
 * the run, and a restarted node marks what it left running.
 */
setUpCommandBatchTests();

describe('POST /api/command/multipleCmd', () => {
  let gtOnline: Dev;
  let jtOnline: Dev;
  let bsj: Dev;
  let gtOffline: Dev;
  let r001: Dev;
  let foreign: Dev;
  const unknown = '999999999999990';

  beforeAll(async () => {
    gtOnline = await deviceOf('agent', ['GT06N']);
    jtOnline = await deviceOf('agent', ['JT808-A']);
    bsj = await deviceOf('agent', ['BSJ-A6']);
    gtOffline = await deviceOf('agent', ['GT800']);
    r001 = await deviceOf('agent', ['R001']);
    foreign = await deviceOf('agent2', ['GT06N']);
    await connect(gtOnline, 'gt06');
    await connect(jtOnline, 'jt808');
  });

  it('sends to online devices, queues for an offline BSJ, refuses the rest each with its key', async () => {
    const socket = await openSocket(url, tokens.agent!);
    const other = await openSocket(url, tokens.agent2!);
    const list = [gtOnline, jtOnline, bsj, gtOffline, r001, foreign].map((d) => d.terminalId);
    const r = await post('agent', 'multipleCmd', {
      terminalIDs: [...list, unknown],
      commandKey: 'relayOff',
      batchId: 'mix-1',
    });
    expect(r.data).toEqual({ id: expect.any(Number), batchId: 'mix-1', total: 7 });

    expect((await finished('mix-1')).status).toBe('done');
    const items = await itemsOf('mix-1');
    for (const d of [gtOnline, jtOnline])
      expect(items.get(d.terminalId), d.terminalId).toMatchObject({
        status: 'success',
        content: 'Relay,1#',
        reply: 'Cut off the fuel supply: Success!',
        result: COMMAND_RESULT.success,
        commandId: expect.any(Number),
        username: 'agent',
        label: 'name.relayOff',
      });
    expect(items.get(bsj.terminalId)).toMatchObject({
      status: 'queued',
      reason: 'commandQueued',
      offlineCommandId: expect.any(Number),
    });
    const failed = (t: string) => [items.get(t)?.status, items.get(t)?.reason, items.get(t)?.message];
    expect(failed(gtOffline.terminalId)).toEqual(['failed', 'deviceNotOnline', MESSAGES.deviceNotOnline]);
    expect(failed(r001.terminalId)).toEqual(['failed', 'commandNotInSet', MESSAGES.commandNotInSet]);
    expect(failed(foreign.terminalId)).toEqual(['failed', 'notFound', MESSAGES.notFound]);
    expect(failed(unknown)).toEqual(['failed', 'notFound', MESSAGES.notFound]);

    expect(await lastProgress(socket.got, 'mix-1')).toEqual({
      type: 'batch',
      batchId: 'mix-1',
      done: 7,
      total: 7,
      failed: 4,
    });
    expect(other.got).toEqual([]);
    socket.ws.close();
    other.ws.close();

    // The queued command reaches the BSJ tracker when it connects, once.
    const offlineId = items.get(bsj.terminalId)!.offlineCommandId as number;
    await connect(bsj, 'jt808');
    let row: typeof offlineCommands.$inferSelect | undefined;
    for (let i = 0; i < 100 && row?.status !== 'delivered'; i++, await sleep(50))
      [row] = await h.handle.db.select().from(offlineCommands).where(eq(offlineCommands.id, offlineId));
    expect(row).toMatchObject({
      status: 'delivered',
      content: 'Relay,1#',
      reply: 'Cut off the fuel supply: Success!',
    });
    await sleep(300);
    const sent = await h.handle.db.select().from(commands).where(eq(commands.offlineCommandId, offlineId));
    expect(sent).toHaveLength(1);
  });

  it('fails a parameter out of range with its bounds, and the normal-mode command to an online device', async () => {
    await post('agent', 'multipleCmd', {
      terminalIDs: [gtOnline.terminalId, jtOnline.terminalId],
      commandKey: 'uploadInterval',
      params: { interval: 5 },
      batchId: 'range-1',
    });
    await finished('range-1');
    for (const item of (await itemsOf('range-1')).values())
      expect(item).toMatchObject({
        status: 'failed',
        reason: 'commandParamRange',
        message: 'interval must be from 10 to 18000',
        reasonParams: { field: 'interval', min: 10, max: 18000 },
      });

    await post('agent', 'multipleCmd', {
      terminalIDs: [gtOnline.terminalId],
      content: 'SWMODE,0#',
      batchId: 'normal-1',
    });
    await finished('normal-1');
    expect((await itemsOf('normal-1')).get(gtOnline.terminalId)).toMatchObject({
      status: 'failed',
      reason: 'normalModeOnline',
    });
  });

  it('refuses demo, an empty list, an account of another tree, a missing command and a key used twice', async () => {
    const t = gtOnline.terminalId;
    const cases: [string, object, number, string][] = [
      ['demo', { terminalIDs: [t], content: 'WHERE#', batchId: 'd' }, 403, 'demoForbidden'],
      ['agent', { terminalIDs: [], content: 'WHERE#', batchId: 'e1' }, 400, 'deviceListEmpty'],
      ['agent', { content: 'WHERE#', batchId: 'e2' }, 400, 'deviceListEmpty'],
      ['agent', { accountId: await h.idOf('agent2'), content: 'WHERE#', batchId: 'e3' }, 404, 'notFound'],
      ['agent', { terminalIDs: [t], batchId: 'e4' }, 400, 'commandEmpty'],
      ['agent', { terminalIDs: [t], content: 'WHERE#', batchId: 'mix-1' }, 400, 'batchIdTaken'],
    ];
    for (const [user, body, status, key] of cases) {
      const r = await post(user, 'multipleCmd', body);
      expect([r.status, r.meta.key, r.meta.message], JSON.stringify(body)).toEqual([
        status,
        key,
        MESSAGES[key as MessageKey],
      ]);
    }
  });
});

describe('cancelBatch', () => {
  it('stops a batch running on another node: pending devices cancelled, progress reaches total', async () => {
    // A second node on the same bus and database, slow enough to be caught mid-run.
    const slow = await buildApp({
      config: { ...h.config, nodeId: 'slow-node', commandBatch: { ratePerSecond: 20, concurrency: 5 } },
      handle: h.handle,
      bus: h.app.bus,
    });
    await slow.ready();
    const socket = await openSocket(url, tokens.agent!);
    const started = await slow.inject({
      method: 'POST',
      url: '/api/command/multipleCmd',
      payload: { terminalIDs: fleet.slice(0, 100), content: 'WHERE#', batchId: 'slow-1' },
      headers: { authorization: `Bearer ${tokens.agent}` },
    });
    expect(started.json().data.total).toBe(100);
    await sleep(400);
    expect((await post('agent2', 'cancelBatch', { batchId: 'slow-1' })).meta.key).toBe('notFound');
    const r = await post('agent', 'cancelBatch', { batchId: 'slow-1' });
    expect(r.data).toMatchObject({ batchId: 'slow-1', status: 'cancelled' });
    expect(r.data.cancelled).toBeGreaterThan(50);

    // The final message comes once the commands in flight have finished and been stored.
    const progress = await lastProgress(socket.got, 'slow-1');
    const batch = await finished('slow-1');
    expect(batch.status).toBe('cancelled');
    const items = await h.handle.db
      .select()
      .from(commandBatchItems)
      .where(eq(commandBatchItems.batchId, batch.id));
    const by = (s: string) => items.filter((i) => i.status === s);
    expect(by('cancelled')).toHaveLength(r.data.cancelled);
    expect(by('cancelled').every((i) => i.reason === 'batchCancelled')).toBe(true);
    expect(by('failed').length).toBeGreaterThan(0);
    expect(by('failed').length + by('cancelled').length).toBe(100);
    expect(progress).toEqual({
      type: 'batch',
      batchId: 'slow-1',
      done: 100,
      total: 100,
      failed: by('failed').length,
    });
    // Over already: answered as it is.
    expect((await post('agent', 'cancelBatch', { batchId: 'slow-1' })).data).toMatchObject({
      status: 'cancelled',
      cancelled: 0,
    });
    socket.ws.close();
    await slow.close();
  });
});

describe('a 500-device batch', () => {
  it('settles every device of an account subtree', async () => {
    const socket = await openSocket(url, tokens.agent!);
    const r = await post('agent', 'multipleCmd', {
      accountId: await h.idOf('cmdfleet'),
      includeSubAccounts: true,
      commandKey: 'locate',
      batchId: 'big-500',
    });
    expect(r.data.total).toBe(500);
    const batch = await finished('big-500', 60_000);
    expect(batch.status).toBe('done');
    const items = await h.handle.db
      .select({
        status: commandBatchItems.status,
        reason: commandBatchItems.reason,
        expireType: devices.expireType,
        platformExpireAt: devices.platformExpireAt,
        userExpireAt: devices.userExpireAt,
      })
      .from(commandBatchItems)
      .innerJoin(devices, eq(devices.id, commandBatchItems.deviceId))
      .where(eq(commandBatchItems.batchId, batch.id));
    expect(items).toHaveLength(500);
    // The bulk fleet's GT06 devices are not connected: refused one by one, none left pending;
    // the fleet's expired ones (one in 20) as expired (docs/expiry.md).
    const now = Date.now();
    const expired = items.filter((i) => isDeviceExpired(i, now));
    expect(expired.length).toBeGreaterThan(0);
    for (const i of items)
      expect(i).toMatchObject({
        status: 'failed',
        reason: isDeviceExpired(i, now) ? 'deviceExpired' : 'deviceNotOnline',
      });
    const progress = socket.got.filter((m) => m.batchId === 'big-500');
    expect(await lastProgress(socket.got, 'big-500')).toMatchObject({ done: 500, total: 500, failed: 500 });
    const dones = progress.map((m) => m.done);
    expect([...dones].sort((a, b) => a - b)).toEqual(dones);
    socket.ws.close();
  }, 90_000);
});

describe('a node that restarts', () => {
  it('marks its own batches left running interrupted and their pending devices cancelled', async () => {
    const [mine] = await h.handle.db
      .insert(commandBatches)
      .values({
        batchKey: 'left-1',
        userId: await h.idOf('agent'),
        content: 'WHERE#',
        total: 2,
        node: h.config.nodeId,
      })
      .returning();
    const [theirs] = await h.handle.db
      .insert(commandBatches)
      .values({
        batchKey: 'left-2',
        userId: await h.idOf('agent'),
        content: 'WHERE#',
        total: 1,
        node: 'elsewhere',
      })
      .returning();
    await h.handle.db.insert(commandBatchItems).values([
      { batchId: mine!.id, terminalId: fleet[0]!, status: 'success' },
      { batchId: mine!.id, terminalId: fleet[1]! },
      { batchId: theirs!.id, terminalId: fleet[2]! },
    ]);
    const again = await buildApp({ config: h.config, handle: h.handle, bus: h.app.bus });
    await again.ready();
    await again.close();
    const rows = await h.handle.db
      .select({ key: commandBatches.batchKey, status: commandBatches.status })
      .from(commandBatches)
      .where(inArray(commandBatches.id, [mine!.id, theirs!.id]))
      .orderBy(commandBatches.id);
    expect(rows).toEqual([
      { key: 'left-1', status: 'interrupted' },
      { key: 'left-2', status: 'running' },
    ]);
    const items = await h.handle.db
      .select({
        t: commandBatchItems.terminalId,
        status: commandBatchItems.status,
        reason: commandBatchItems.reason,
      })
      .from(commandBatchItems)
      .where(inArray(commandBatchItems.batchId, [mine!.id, theirs!.id]))
      .orderBy(commandBatchItems.id);
    expect(items).toEqual([
      { t: fleet[0], status: 'success', reason: null },
      { t: fleet[1], status: 'cancelled', reason: 'batchInterrupted' },
      { t: fleet[2], status: 'pending', reason: null },
    ]);
  });
});
