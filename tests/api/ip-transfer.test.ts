import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceConnections } from '../../server/db/schema/device-connections';
import { stock } from '../../server/db/schema/stock';
import { startGateway, type Gateway } from '../../server/gateway/runtime/server';
import { DEFAULT_SIM_OPTIONS, SimDevice, type Family, type SimDeviceSpec } from '../../server/sim/device';
import { demoSpecs } from '../../server/sim/fleet';
import { DEVICE_PROTOCOL } from '../../src/domain/codes';
import { ipTransferDevices, ipTransfers } from '../../server/db/schema/ip-transfers';
import { checkMoves } from '../../server/services/ip-transfer/check';
import { createTransfer } from '../../server/services/ip-transfer/create';
import { TransferRunner } from '../../server/services/ip-transfer/runner';
import { closeDatabase, startHarness, type Harness } from './harness';
import { loopbackListeners } from '../support/loopback-gateway';

/**
 * IP transfer (issue 15, part 6) over real sockets: simulated GT06 and JT/T 808 trackers on a
 * first gateway are sent the server-address command and reconnect to a second gateway of the
 * same process (same database and bus); the results then report them moved.
 */
let h: Harness;
let gwA: Gateway;
let gwB: Gateway;
const sims: SimDevice[] = [];
const listen = loopbackListeners();

beforeAll(async () => {
  h = await startHarness();
  gwA = await startGateway({ db: h.handle.db, bus: h.app.bus }, listen, { nodeId: 'gw-a' });
  gwB = await startGateway({ db: h.handle.db, bus: h.app.bus }, listen, { nodeId: 'gw-b' });
}, 60_000);
afterAll(async () => {
  for (const s of sims) s.stop();
  await h.close();
  await gwA.close();
  await gwB.close();
  await closeDatabase();
});

const until = async (what: string, test: () => Promise<boolean>, ms = 20_000) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await test()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
};

function simOn(gw: Gateway, spec: SimDeviceSpec) {
  const sim = new SimDevice(spec, {
    ...DEFAULT_SIM_OPTIONS,
    ports: { gt06: gw.ports.gt06, jt808: gw.ports.jt808 },
    manual: true,
    reconnect: false,
    alarmChance: 0,
  });
  sims.push(sim);
  return sim;
}

async function onlineAt(ids: string[], port: number) {
  const rows = await h.handle.db
    .select({ t: deviceConnections.terminalId })
    .from(deviceConnections)
    .where(
      and(
        inArray(deviceConnections.terminalId, ids),
        eq(deviceConnections.online, true),
        eq(deviceConnections.localPort, port),
      ),
    );
  return rows.length;
}

/** Factory-stock terminals (no account) of a protocol, played by the simulator too. */
async function stockSpecs(protocol: number, family: Family, n: number): Promise<SimDeviceSpec[]> {
  const rows = await h.handle.db
    .select({ t: stock.terminalId })
    .from(stock)
    .where(and(eq(stock.protocol, protocol), eq(stock.status, 'in_stock'), eq(stock.testPassed, true)))
    .limit(n);
  return rows.map((r, i) => ({ terminalId: r.t, family, lat: 22.54, lon: 114.05, seed: 9000 + i }));
}

describe('IP transfer to a second gateway port', () => {
  let token: string;
  let gt06Ids: string[];
  let jt808Ids: string[];
  let offlineIds: string[];
  const transfers: number[] = [];

  it('records 100 connected trackers (GT06 and JT/T 808, stock ones too) on the first gateway', async () => {
    const specs = demoSpecs('mix');
    const gt06 = [
      ...specs.filter((s) => s.family === 'gt06').slice(0, 62),
      ...(await stockSpecs(DEVICE_PROTOCOL.Gt06, 'gt06', 3)),
    ];
    const jt808 = [
      ...specs.filter((s) => s.family === 'jt808').slice(0, 33),
      ...(await stockSpecs(DEVICE_PROTOCOL.eight, 'jt808', 2)),
    ];
    expect(gt06.length + jt808.length).toBe(100);
    offlineIds = specs
      .filter((s) => s.family === 'gt06')
      .slice(62, 65)
      .map((s) => s.terminalId);
    gt06Ids = gt06.map((s) => s.terminalId);
    jt808Ids = jt808.map((s) => s.terminalId);
    await Promise.all([...gt06, ...jt808].map((s) => simOn(gwA, s).start()));
    await until(
      'the trackers on the first gateway',
      async () =>
        (await onlineAt(gt06Ids, gwA.ports.gt06)) === gt06Ids.length &&
        (await onlineAt(jt808Ids, gwA.ports.jt808)) === jt808Ids.length,
    );
    token = await h.login('testtransferip');
  }, 60_000);

  it('sends each tracker the server-address command and reports every line', async () => {
    const started = Date.now();
    const gt = await h.post(
      '/api/transfer/transferIp',
      {
        imeis: [...gt06Ids, ...offlineIds, 'not-an-imei!', '999999999999999', gt06Ids[0]].join('\n'),
        host: '127.0.0.1',
        port: gwB.ports.gt06,
        name: 'GT06 to B',
      },
      token,
    );
    expect(gt.status).toBe(200);
    const d = gt.data;
    expect(d.total).toBe(gt06Ids.length + offlineIds.length);
    expect(d.acked).toBe(gt06Ids.length);
    expect(d.offline).toBe(offlineIds.length);
    const byId = new Map<string, { ok: boolean; key?: string; outcome?: string }>(
      d.results.map((l: { terminalID: string }) => [l.terminalID, l]),
    );
    expect(byId.get(offlineIds[0])).toMatchObject({ ok: false, key: 'transferOffline', outcome: 'offline' });
    expect(byId.get(gt06Ids[5])).toMatchObject({ ok: true, outcome: 'acked' });
    const lines = d.results as { row: number; key?: string }[];
    expect(lines.find((l) => l.row === gt06Ids.length + offlineIds.length + 1)?.key).toBe('imeiInvalid');
    expect(lines.find((l) => l.row === gt06Ids.length + offlineIds.length + 2)?.key).toBe('transferUnknown');
    expect(lines.at(-1)?.key).toBe('imeiDuplicate');
    transfers.push(d.transferId);

    const jt = await h.post(
      '/api/transfer/transferIp',
      { imeis: jt808Ids.join('\n'), host: '127.0.0.1', port: gwB.ports.jt808, name: '808 to B' },
      token,
    );
    expect(jt.status).toBe(200);
    expect(jt.data.acked).toBe(jt808Ids.length);
    transfers.push(jt.data.transferId);
    // 100 trackers answered within the request.
    expect(Date.now() - started).toBeLessThan(5000);
  }, 30_000);

  it('sees every tracker reconnect to the second gateway and reports them moved by itself', async () => {
    await until(
      'the trackers on the second gateway',
      async () =>
        (await onlineAt(gt06Ids, gwB.ports.gt06)) === gt06Ids.length &&
        (await onlineAt(jt808Ids, gwB.ports.jt808)) === jt808Ids.length,
    );
    const reader = await h.login('testsearch');
    // No one asks for a check: the scheduled ones after the sends find the moves.
    await until('the automatic move check', async () => {
      const r = await h.post('/api/transfer/transferIpResults', { pageSize: 10 }, reader);
      const rows = r.data.list.filter((t: { id: number }) => transfers.includes(t.id));
      return (
        rows.length === 2 &&
        rows.every((t: { moved: number; total: number; offline: number }) => t.moved + t.offline === t.total)
      );
    });
    const list = await h.post('/api/transfer/transferIpResults', { pageSize: 10 }, reader);
    const [jt, gt] = list.data.list;
    expect(gt).toMatchObject({
      id: transfers[0],
      moved: 62 + 3,
      offline: 3,
      failed: 0,
      status: 'done',
      username: 'testtransferip',
    });
    expect(jt).toMatchObject({ id: transfers[1], moved: 35, total: 35, status: 'done' });

    const devices = await h.post(
      '/api/transfer/transferIpResult',
      { transferId: transfers[1], pageSize: 100 },
      reader,
    );
    expect(devices.data.total).toBe(35);
    for (const row of devices.data.list) {
      expect(row).toMatchObject({
        status: 'moved',
        fromAddr: `127.0.0.1:${gwA.ports.jt808}`,
        nowAddr: `127.0.0.1:${gwB.ports.jt808}`,
        online: true,
        node: 'gw-b',
      });
      expect(new Date(row.movedAt).getTime()).toBeGreaterThan(new Date(row.sentAt).getTime());
    }
    // The trackers themselves now report to the second gateway.
    expect(
      sims.filter((s) => s.server?.port === gwB.ports.gt06 || s.server?.port === gwB.ports.jt808),
    ).toHaveLength(100);
  }, 60_000);

  it('finds the records of given IMEIs and checks on demand', async () => {
    const reader = await h.login('wanweitest');
    const found = await h.post(
      '/api/transfer/transferFindByImeis',
      { imeis: `${gt06Ids[0]}\n${offlineIds[0]}` },
      reader,
    );
    expect(found.status).toBe(200);
    expect(
      found.data.list.map((r: { terminalID: string; status: string }) => [r.terminalID, r.status]).sort(),
    ).toEqual(
      [
        [gt06Ids[0], 'moved'],
        [offlineIds[0], 'offline'],
      ].sort(),
    );
    const check = await h.post(
      '/api/transfer/batchCheckTransferIpResults',
      { transferId: transfers[0] },
      reader,
    );
    expect(check.status).toBe(200);
    expect(check.data.moved).toBe(0);
    const offline = await h.post(
      '/api/transfer/transferIpResult',
      { transferId: transfers[0], status: 'offline' },
      reader,
    );
    expect(offline.data.total).toBe(3);
  });

  it('checks a tracker of a running transfer as soon as it comes online again', async () => {
    // A runner of its own whose first scheduled check is a minute away: only the online event can move them.
    const runner = new TransferRunner(h.handle.db, h.app.bus, [60_000]);
    try {
      const back = gt06Ids.slice(0, 3);
      const r = await createTransfer(
        { db: h.handle.db, runner, userId: null },
        { imeis: back.join('\n'), host: '127.0.0.1', port: gwA.ports.gt06 },
      );
      expect(r.acked).toBe(3);
      await until(
        'the move back seen without a scheduled check',
        async () => {
          const rows = await h.handle.db
            .select({ status: ipTransferDevices.status })
            .from(ipTransferDevices)
            .where(eq(ipTransferDevices.transferId, r.transferId!));
          return rows.length === 3 && rows.every((x) => x.status === 'moved');
        },
        10_000,
      );
      expect(await onlineAt(back, gwA.ports.gt06)).toBe(3);
    } finally {
      await runner.close();
    }
  }, 30_000);
});

describe('the move check', () => {
  it('compares the local address only when the target is an IP, and wants a connection after the command', async () => {
    const db = h.handle.db;
    const sentAt = new Date(Date.now() - 60_000);
    const later = new Date(Date.now() - 30_000);
    const cases = [
      { terminalId: 'MC0000000000001', host: '10.9.9.9', connectedAt: later, moved: false },
      { terminalId: 'MC0000000000002', host: '127.0.0.1', connectedAt: later, moved: true },
      { terminalId: 'MC0000000000003', host: 'gw.example.com', connectedAt: later, moved: true },
      {
        terminalId: 'MC0000000000004',
        host: '127.0.0.1',
        connectedAt: new Date(sentAt.getTime() - 1000),
        moved: false,
      },
    ];
    for (const c of cases) {
      const [t] = await db
        .insert(ipTransfers)
        .values({ host: c.host, port: 7777, total: 1 })
        .returning({ id: ipTransfers.id });
      await db
        .insert(ipTransferDevices)
        .values({ transferId: t.id, terminalId: c.terminalId, status: 'acked', sentAt });
      await db.insert(deviceConnections).values({
        terminalId: c.terminalId,
        localAddr: '127.0.0.1',
        localPort: 7777,
        online: true,
        connectedAt: c.connectedAt,
      });
    }
    const r = await checkMoves(db, { terminalIds: cases.map((c) => c.terminalId) });
    expect(r.moved).toBe(2);
    const rows = await db
      .select({ t: ipTransferDevices.terminalId, status: ipTransferDevices.status })
      .from(ipTransferDevices)
      .where(
        inArray(
          ipTransferDevices.terminalId,
          cases.map((c) => c.terminalId),
        ),
      );
    for (const c of cases)
      expect(rows.find((x) => x.t === c.terminalId)?.status, c.host).toBe(c.moved ? 'moved' : 'acked');
  });
});

describe('who may transfer', () => {
  it('refuses the send to the result-only roles and everything to resellers', async () => {
    const body = { imeis: '862001234567890', host: '127.0.0.1', port: 6000 };
    for (const u of ['testsearch', 'wanweitest']) {
      const token = await h.login(u);
      expect((await h.post('/api/transfer/transferIp', body, token)).status).toBe(403);
      expect((await h.post('/api/transfer/transferIpResults', {}, token)).status).toBe(200);
    }
    for (const u of ['agent', 'user', 'superuser']) {
      const token = await h.login(u);
      for (const url of [
        'transferIp',
        'transferIpResults',
        'transferIpResult',
        'batchCheckTransferIpResults',
      ])
        expect((await h.post(`/api/transfer/${url}`, url === 'transferIp' ? body : {}, token)).status).toBe(
          403,
        );
    }
    const test = await h.login('test');
    expect((await h.post('/api/transfer/transferIp', body, test)).status).toBe(200);
  });

  it('says what is wrong with the target in the caller language', async () => {
    const token = await h.login('testtransferip');
    const bad = await h.post(
      '/api/transfer/transferIp',
      { imeis: '862001234567890', host: 'host:80', port: 6000 },
      token,
    );
    expect(bad.status).toBe(400);
    expect(bad.meta.key).toBe('transferHostInvalid');
    const port = await h.post(
      '/api/transfer/transferIp',
      { imeis: '862001234567890', host: 'gw.example.com', port: 70000 },
      token,
    );
    expect(port.status).toBe(400);
    const empty = await h.post(
      '/api/transfer/transferIp',
      { imeis: '\n \n', host: 'gw.example.com', port: 7000 },
      token,
    );
    expect(empty.meta.key).toBe('importEmpty');
  });
});
