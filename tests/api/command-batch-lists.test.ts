import { beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { offlineCommands } from '../../server/db/schema/offline-commands';
import { MESSAGES } from '../../src/domain/messages';
import { readSheet } from '../../src/sheets';
import {
  connect,
  deviceOf,
  finished,
  h,
  post,
  setUpCommandBatchTests,
  tokens,
  type Dev,
} from './command-batch-fixture';

/**
 * What the batch command screens read: the batches of the caller's subtree with their counts,
 * the items under filters and as a spreadsheet, and the offline import's per-line report.
 */
setUpCommandBatchTests();

let gtOnline: Dev;
let bsj: Dev;
let gtOffline: Dev;
let r001: Dev;
let foreign: Dev;

beforeAll(async () => {
  gtOnline = await deviceOf('agent', ['GT06N']);
  bsj = await deviceOf('agent', ['BSJ-A6']);
  gtOffline = await deviceOf('agent', ['GT800']);
  r001 = await deviceOf('agent', ['R001']);
  foreign = await deviceOf('agent2', ['GT06N']);
  await connect(gtOnline, 'gt06');
  const devices = [gtOnline, bsj, gtOffline, foreign].map((d) => d.terminalId);
  await post('agent', 'multipleCmd', {
    terminalIDs: [...devices, '999999999999991'],
    commandKey: 'relayOff',
    batchId: 'mix-1',
  });
  await finished('mix-1');
  // A location reply holds no success word, yet carries what WHERE# asked for: the set's reply
  // rule makes it a success (issue 32).
  await post('agent', 'multipleCmd', {
    terminalIDs: [gtOnline.terminalId],
    content: 'WHERE#',
    batchId: 'later-1',
  });
  await finished('later-1');
});

const keysOf = (list: { batchId: string }[]) => list.map((b) => b.batchId);

describe('findBatches', () => {
  it('lists the batches of the caller’s subtree, newest first, with counts per state and the sender', async () => {
    const mine = await post('agent', 'findBatches', { pageSize: 100 });
    expect(keysOf(mine.data.list)).toEqual(['later-1', 'mix-1']);
    expect(mine.data.list[1]).toMatchObject({
      label: 'name.relayOff',
      commandKey: 'relayOff',
      total: 5,
      status: 'done',
      username: 'agent',
      finishedAt: expect.any(String),
      counts: { success: 1, queued: 1, failed: 3, error: 0, timeout: 0, pending: 0, sent: 0, cancelled: 0 },
    });
    expect(mine.data.list[0]).toMatchObject({ label: 'WHERE#', counts: { success: 1, error: 0 } });
    expect((await post('agent2', 'findBatches', {})).data.total).toBe(0);
    expect(keysOf((await post('admin', 'findBatches', { pageSize: 100 })).data.list)).toContain('mix-1');
    expect((await post('agent', 'findBatches', { status: 'cancelled' })).data.total).toBe(0);
  });
});

describe('multipleCmdSearch', () => {
  it('filters by batch, terminal prefix, state and time, only in the caller’s subtree', async () => {
    const search = (user: string, f: object) => post(user, 'multipleCmdSearch', { batchId: 'mix-1', ...f });
    const prefix = gtOnline.terminalId.slice(0, 9);
    const byPrefix = (await search('agent', { terminalID: prefix })).data.list.map(
      (i: { terminalID: string }) => i.terminalID,
    );
    expect(byPrefix).toContain(gtOnline.terminalId);
    expect(byPrefix.every((t: string) => t.startsWith(prefix))).toBe(true);
    expect((await search('agent', { status: 'failed' })).data.total).toBe(3);
    expect((await search('agent', { status: 'success' })).data.list).toEqual([
      expect.objectContaining({ terminalID: gtOnline.terminalId, username: 'agent', label: 'name.relayOff' }),
    ]);
    const later = new Date(Date.now() + 60_000).toISOString();
    const earlier = new Date(Date.now() - 3600_000).toISOString();
    expect((await search('agent', { startTime: later })).data.total).toBe(0);
    expect((await search('agent', { endTime: earlier })).data.total).toBe(0);
    expect((await search('agent', { startTime: earlier, endTime: later })).data.total).toBe(5);
    expect((await search('agent2', {})).data.total).toBe(0);
    const everyBatch = await post('agent', 'multipleCmdSearch', { terminalID: gtOnline.terminalId });
    expect(keysOf(everyBatch.data.list)).toEqual(['later-1', 'mix-1']);
  });
});

describe('multipleCmdExport', () => {
  const exportAs = (user: string) =>
    h.app.inject({
      method: 'POST',
      url: '/api/command/multipleCmdExport',
      payload: { batchId: 'mix-1' },
      headers: { authorization: `Bearer ${tokens[user]}` },
    });

  it('is a real xlsx of the searched rows', async () => {
    const res = await exportAs('agent');
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['x-export-truncated']).toBe('0');
    const [head, ...body] = await readSheet(res.rawPayload, 'xlsx');
    expect(head).toEqual([
      'Batch',
      'Command',
      'IMEI',
      'Status',
      'Reason',
      'Content',
      'Reply',
      'Result',
      'Sender',
      'Updated',
    ]);
    const searched = (await post('agent', 'multipleCmdSearch', { batchId: 'mix-1' })).data.list;
    expect(body.map((r) => r[2])).toEqual(searched.map((i: { terminalID: string }) => i.terminalID));
    expect(body).toHaveLength(5);
    expect(body.find((r) => r[2] === gtOnline.terminalId)!.slice(1, 9)).toEqual([
      'name.relayOff',
      gtOnline.terminalId,
      'success',
      '',
      'Relay,1#',
      'Cut off the fuel supply: Success!',
      '1',
      'agent',
    ]);
    expect(body.find((r) => r[2] === foreign.terminalId)![4]).toBe(MESSAGES.notFound);
    // Another tree's export holds the header alone.
    expect(await readSheet((await exportAs('agent2')).rawPayload, 'xlsx')).toHaveLength(1);
  });
});

describe('ChBatchOfflineRecordImport', () => {
  it('queues offline commands from pasted lines, each line reported', async () => {
    const lines = [
      bsj.terminalId,
      gtOffline.terminalId,
      foreign.terminalId,
      '',
      `${bsj.terminalId},WHERE#`,
      `${bsj.terminalId},TIMER,60#`,
      `${bsj.terminalId},timer,60#`,
      `${bsj.terminalId},TIMER,1#`,
    ].join('\n');
    const r = await post('agent', 'ChBatchOfflineRecordImport', { lines, commandKey: 'relayOn' });
    expect(r.data).toMatchObject({ imported: 2, total: 7 });
    expect(
      r.data.results.map((l: { line: number; ok: boolean; key?: string }) => [l.line, l.ok, l.key]),
    ).toEqual([
      [1, true, undefined],
      [2, false, 'deviceNoOfflineCommands'],
      [3, false, 'notFound'],
      [5, false, 'commandNotOffline'],
      [6, true, undefined],
      [7, false, 'imeiDuplicate'],
      [8, false, 'commandParamRange'],
    ]);
    const ids = r.data.results
      .filter((l: { ok: boolean }) => l.ok)
      .map((l: { offlineCommandId: number }) => l.offlineCommandId);
    const queued = await h.handle.db.select().from(offlineCommands).where(inArray(offlineCommands.id, ids));
    expect(queued.map((q) => [q.terminalId, q.content, q.status]).sort()).toEqual(
      [
        [bsj.terminalId, 'Relay,0#', 'queued'],
        [bsj.terminalId, 'TIMER,60#', 'queued'],
      ].sort(),
    );
  });

  it('takes a file’s rows, and refuses demo', async () => {
    const rows = await post('agent', 'ChBatchOfflineRecordImport', {
      rows: [{ terminalID: r001.terminalId, content: 'TIMER,30#' }, { terminalID: r001.terminalId }],
    });
    expect(rows.data.results).toEqual([
      { line: 1, imei: r001.terminalId, ok: true, offlineCommandId: expect.any(Number) },
      { line: 2, imei: r001.terminalId, ok: false, key: 'commandEmpty' },
    ]);
    const demo = await post('demo', 'ChBatchOfflineRecordImport', {
      lines: bsj.terminalId,
      content: 'RESET#',
    });
    expect([demo.status, demo.meta.key]).toEqual([403, 'demoForbidden']);
    expect((await post('agent', 'ChBatchOfflineRecordImport', { lines: '\n \n' })).meta.key).toBe(
      'deviceListEmpty',
    );
  });
});
