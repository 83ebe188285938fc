import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { commandBatches } from '../../server/db/schema/command-batches';
import { stock } from '../../server/db/schema/stock';
import { startGateway, type Gateway } from '../../server/gateway/runtime/server';
import { nbSandbox } from '../../server/services/nb';
import { DEFAULT_SIM_OPTIONS, SimDevice } from '../../server/sim/device';
import { demoSpecs } from '../../server/sim/fleet';
import { DEVICE_PROTOCOL } from '../../src/domain/codes';
import { closeDatabase, startHarness, type Harness } from './harness';
import { loopbackListeners } from '../support/loopback-gateway';

/**
 * Factory batch commands and settings (issue 15, part 7) over real sockets: simulated GT06
 * trackers (an imported device and a stock terminal no account holds) are sent a batch command,
 * AGPS and a platform configuration through the command console's engine; NB subscriptions
 * go through the sandbox provider; GW005 ids are generated, bound and unbound.
 */
let h: Harness;
let gw: Gateway;
let token: string;
const sims: SimDevice[] = [];
let imported: string;
let stocked: string;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const post = (path: string, body: object, t = token) => h.post(`/api${path}`, body, t);

async function finished(batchKey: string) {
  for (const end = Date.now() + 20_000; Date.now() < end; await sleep(100)) {
    const [b] = await h.handle.db.select().from(commandBatches).where(eq(commandBatches.batchKey, batchKey));
    if (b && b.status !== 'running' && b.finishedAt) return b;
  }
  throw new Error(`batch ${batchKey} still running`);
}

async function itemsOf(batchId: string) {
  const r = await post('/mutiCmd/searchResultCmd', { batchId, pageSize: 100 });
  expect(r.status).toBe(200);
  return new Map<string, Record<string, unknown>>(
    r.data.list.map((i: { terminalID: string }) => [i.terminalID, i]),
  );
}

beforeAll(async () => {
  const base = loadConfig();
  h = await startHarness({ gateway: { ...base.gateway, commandTimeoutSeconds: 3 } });
  gw = await startGateway(
    { db: h.handle.db, bus: h.app.bus },
    loopbackListeners(),
    { commandTimeoutMs: 2000 },
  );
  imported = demoSpecs('mix').find((s) => s.family === 'gt06')!.terminalId;
  const [s] = await h.handle.db
    .select({ t: stock.terminalId })
    .from(stock)
    .where(and(eq(stock.protocol, DEVICE_PROTOCOL.Gt06), eq(stock.status, 'in_stock')))
    .limit(1);
  stocked = s!.t;
  for (const terminalId of [imported, stocked]) {
    const sim = new SimDevice(
      { terminalId, family: 'gt06', lat: 22.54, lon: 114.05, seed: 7 },
      {
        ...DEFAULT_SIM_OPTIONS,
        ports: { gt06: gw.ports.gt06, jt808: gw.ports.jt808 },
        manual: true,
        reconnect: false,
        alarmChance: 0,
      },
    );
    sims.push(sim);
    await sim.start();
  }
  for (let i = 0; i < 200 && !(gw.ctx.registry.get(imported) && gw.ctx.registry.get(stocked)); i++)
    await sleep(25);
  token = await h.login('test');
}, 60_000);
afterAll(async () => {
  for (const s of sims) s.stop();
  await gw.close();
  await h.close();
  await closeDatabase();
});

describe('factory batch commands', () => {
  it('sends a batch command to an imported device and a stock terminal, with results', async () => {
    const batchId = `f-${Date.now()}`;
    const r = await post('/mutiCmd/sendMutiCmd', {
      terminalIDs: [imported, stocked, '123456789012399'],
      commandKey: 'uploadInterval',
      params: { interval: 60 },
      batchId,
    });
    expect(r.status).toBe(200);
    expect(r.data.total).toBe(3);
    await finished(batchId);
    const items = await itemsOf(batchId);
    expect(items.get(imported)).toMatchObject({ status: 'success', content: 'TIMER,60#' });
    expect(items.get(stocked)).toMatchObject({ status: 'success', content: 'TIMER,60#' });
    expect(items.get('123456789012399')).toMatchObject({ status: 'failed', reason: 'notFound' });
    expect(String(items.get(stocked)!.reply ?? '')).not.toBe('');
    const batches = await post('/mutiCmd/findBatches', {});
    expect(batches.data.list.some((b: { batchId: string }) => b.batchId === batchId)).toBe(true);
    // The reseller console does not see factory batches of stock terminals as its own.
    const agent = await h.login('agent');
    const theirs = await h.post('/api/command/multipleCmdSearch', { batchId }, agent);
    expect(theirs.data.total).toBe(0);
  });

  it('answers one command to one stock terminal with its reply (cmdSend)', async () => {
    const r = await post('/mutiCmd/cmdSend', { terminalID: stocked, content: 'STATUS#' });
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({ status: 'success', terminalID: stocked, imported: false });
    expect(r.data.reply).toBeTruthy();
    const unknown = await post('/mutiCmd/cmdSend', { terminalID: '123456789012399', content: 'STATUS#' });
    expect(unknown.status).toBe(404);
  });

  it('sends AGPS to pasted terminals through the batch engine', async () => {
    const batchId = `agps-${Date.now()}`;
    const r = await post('/agps/sendAgps', { terminalIDs: [imported, stocked], batchId });
    expect(r.status).toBe(200);
    await finished(batchId);
    const items = await itemsOf(batchId);
    expect(items.get(stocked)).toMatchObject({ content: 'AGPS#' });
    expect(items.get(imported)).toMatchObject({ content: 'AGPS#' });
    expect(['success', 'error']).toContain(items.get(stocked)!.status);
  });

  it('resets the default password of devices in any account (deviceBatchManage)', async () => {
    const r = await post('/mutiCmd/resetDevicePassword', { terminalIDs: [imported, '123456789012399'] });
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({ total: 2, succeeded: 1 });
    expect(r.data.failed[0]).toMatchObject({ terminalID: '123456789012399', key: 'notFound' });
  });
});

describe('NB-IoT subscriptions', () => {
  it('subscribes, re-syncs what the platform lost, and unsubscribes through the sandbox', async () => {
    const a = await post('/setting/nbSubscribe', { notifyType: 'deviceDataChanged' });
    expect(a.status).toBe(200);
    expect(a.data).toMatchObject({ kind: 'nb', status: 'active', provider: 'sandbox' });
    expect(a.data.callbackUrl).toMatch(/\/api\/nb\/notify\/nb$/);
    const b = await post('/setting/ccsSubscribe', {
      notifyType: 'commandRsp',
      callbackUrl: 'https://example.com/ccs',
    });
    expect(b.data).toMatchObject({ kind: 'ccs', callbackUrl: 'https://example.com/ccs' });
    expect((await nbSandbox().list('nb')).map((s) => s.ref)).toContain(a.data.providerRef);

    // A restarted platform lost every subscription: re-sync puts back each one recorded.
    const recorded = (await post('/setting/subscriptions', {})).data.list as { status: string }[];
    const live = recorded.filter((s) => s.status !== 'cancelled').length;
    nbSandbox().forget();
    const sync = await post('/setting/resync', {});
    expect(sync.data).toEqual({ kept: 0, renewed: live, failed: 0 });
    expect((await nbSandbox().list('ccs')).map((s) => s.notifyType)).toContain('commandRsp');
    expect((await post('/setting/resync', {})).data).toEqual({ kept: live, renewed: 0, failed: 0 });

    nbSandbox().refuse = 'quota exceeded';
    const refused = await post('/setting/nbSubscribe', { notifyType: 'deviceAdded' });
    expect(refused.status).toBe(400);
    expect(refused.meta).toMatchObject({ key: 'nbSubscribeFailed' });
    expect(refused.meta.message).toContain('quota exceeded');

    const off = await post('/setting/unsubscribe', { id: a.data.id });
    expect(off.data.status).toBe('cancelled');
    expect((await nbSandbox().list('nb')).map((s) => s.notifyType)).not.toContain('deviceDataChanged');
    const list = (await post('/setting/subscriptions', {})).data.list as { id: number; status: string }[];
    expect(list.find((s) => s.id === a.data.id)!.status).toBe('cancelled');
    expect(list.find((s) => s.id === b.data.id)!.status).toBe('active');
  });
});

describe('GW005 ids', () => {
  it('generates unique ids, binds pasted pairs with a report per line, lists and unbinds', async () => {
    const g1 = await post('/idManager/generate', { prefix: 'gwt', count: 3 });
    expect(g1.status).toBe(200);
    expect(g1.data.codes).toEqual(['GWT000001', 'GWT000002', 'GWT000003']);
    const g2 = await post('/idManager/generate', { prefix: 'GWT', count: 2 });
    expect(g2.data.codes).toEqual(['GWT000004', 'GWT000005']);
    expect((await post('/idManager/generate', { prefix: 'G-1', count: 1 })).status).toBe(400);

    const lines = [
      'GWT000001,868120000000001',
      'GWT000002 868120000000002',
      'GWT000003,868120000000001',
      'GWT000001,868120000000005',
      'NOPE000001,868120000000009',
      'just-one-field',
      'GWT000005,bad!',
      'GWT000001,868120000000001',
    ].join('\n');
    const r = await post('/idManager/bind', { lines });
    expect(r.status).toBe(200);
    expect(r.data.results.map((l: { ok: boolean; key?: string }) => l.key ?? 'ok')).toEqual([
      'ok',
      'ok',
      'imeiHasDeviceId',
      'deviceIdTaken',
      'deviceIdUnknown',
      'idPairInvalid',
      'imeiInvalid',
      'ok',
    ]);
    const bound = await post('/idManager/list', { keyword: 'GWT', bound: true });
    expect(bound.data.total).toBe(2);
    const first = bound.data.list.find((x: { code: string }) => x.code === 'GWT000001');
    const un = await post('/idManager/unbind', { ids: [first.id] });
    expect(un.data).toEqual({ unbound: 1 });
    expect((await post('/idManager/list', { keyword: '868120000000001' })).data.total).toBe(0);
  });
});

describe('platform configuration per customer', () => {
  it('saves an account’s settings and applies them to a tracker through batches', async () => {
    const cp = await h.login('configplatform');
    const agentId = await h.idOf('agent');
    const bad = await post(
      '/configPlatform/save',
      { userId: agentId, host: 'a b', port: 1, uploadInterval: 30, timezone: 8 },
      cp,
    );
    expect(bad.status).toBe(400);
    const save = await post(
      '/configPlatform/save',
      {
        userId: agentId,
        host: '127.0.0.1',
        port: gw.ports.gt06,
        apn: 'cmnet',
        uploadInterval: 60,
        timezone: 8,
      },
      cp,
    );
    expect(save.status).toBe(200);
    const list = await post('/configPlatform/list', { username: 'agent', configured: true }, cp);
    expect(list.data.list.find((r: { userId: number }) => r.userId === agentId)).toMatchObject({
      host: '127.0.0.1',
      apn: 'cmnet',
    });
    const apply = await post('/configPlatform/apply', { userId: agentId, imeis: `${stocked}\n` }, cp);
    expect(apply.status).toBe(200);
    expect(apply.data.batches.map((b: { commandKey: string }) => b.commandKey)).toEqual([
      'uploadInterval',
      'timeZone',
      'apn',
      'serverAddress',
    ]);
    for (const b of apply.data.batches) await finished(b.batchId);
    const contents = [];
    for (const b of apply.data.batches) contents.push((await itemsOf(b.batchId)).get(stocked)!.content);
    expect(contents).toEqual([
      'TIMER,60#',
      'GMT,E,8,0#',
      'APN,cmnet,,#',
      `SERVER,0,127.0.0.1,${gw.ports.gt06},0#`,
    ]);
  });
});

describe('factory permissions', () => {
  const routes: [string, object][] = [
    ['/mutiCmd/sendMutiCmd', { terminalIDs: ['123456789012345'], content: 'STATUS#', batchId: 'x-perm' }],
    ['/mutiCmd/searchResultCmd', {}],
    ['/mutiCmd/findBatches', {}],
    ['/mutiCmd/cmdSend', { terminalID: '123456789012345', content: 'STATUS#' }],
    ['/mutiCmd/resetDevicePassword', { terminalIDs: ['123456789012345'] }],
    ['/agps/sendAgps', { terminalIDs: ['123456789012345'], batchId: 'x-perm2' }],
    ['/setting/subscriptions', {}],
    ['/setting/nbSubscribe', { notifyType: 'deviceAdded' }],
    ['/idManager/list', {}],
    ['/idManager/generate', { prefix: 'X', count: 1 }],
    ['/configPlatform/list', {}],
    ['/configPlatform/save', { userId: 1, host: 'a.com', port: 1, uploadInterval: 30, timezone: 0 }],
  ];
  it('refuses reseller roles and factory roles without the permission', async () => {
    const cp = await h.login('configplatform');
    // Reseller roles, and factory roles holding other factory permissions (logs, stock).
    for (const user of ['agent', 'superagent', 'demo', 'log', 'teststock']) {
      const t = await h.login(user);
      for (const [path, body] of routes)
        expect([path, (await post(path, body, t)).status]).toEqual([path, 403]);
    }
    // The platform configuration role reads the batch list (its applies), nothing else here.
    expect((await post('/mutiCmd/findBatches', {}, cp)).status).toBe(200);
    for (const [path, body] of routes.filter(([p]) => !/^\/(configPlatform|mutiCmd\/findBatches)/.test(p)))
      expect([path, (await post(path, body, cp)).status]).toEqual([path, 403]);
  });
});
