import { and, asc, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_USER_IDS } from '../../server/db/seed/index';
import { devices, type DeviceRow } from '../../server/db/schema/devices';
import { tireReadings } from '../../server/db/schema/tire-readings';
import { TIRE_MODEL, tireWheels } from '../../server/db/seed/tires';
import { createMemoryBus } from '../../server/bus/memory';
import { jt808Codec } from '../../server/gateway/jt808';
import { startGateway } from '../../server/gateway/runtime/server';
import { DEFAULT_SIM_OPTIONS, SimDevice } from '../../server/sim/device';
import { tireStates } from '../../src/domain/tire';
import { closeDatabase, startHarness, type Harness } from './harness';

let h: Harness;
let agent: string;
let trucks: DeviceRow[];

beforeAll(async () => {
  h = await startHarness();
  agent = await h.login('agent');
  trucks = await h.handle.db
    .select()
    .from(devices)
    .where(eq(devices.deviceType, TIRE_MODEL))
    .orderBy(asc(devices.id));
});
afterAll(async () => {
  await h.close();
  await closeDatabase();
});

const findTire = (terminalID: unknown, token = agent) => h.post('/api/tire/findTire', { terminalID }, token);
const truckOf = (owner: keyof typeof SEED_USER_IDS) =>
  trucks.filter((d) => d.userId === SEED_USER_IDS[owner]);

describe('POST /api/tire/findTire', () => {
  it('answers the seeded wheels of a truck in the subtree with their states', async () => {
    // subagent's trucks are in agent's subtree.
    const d = truckOf('subagent')[0];
    const r = await findTire(d.terminalId);
    expect(r.status, JSON.stringify(r.meta)).toBe(200);
    const wheels = tireWheels(d.id);
    expect(r.data).toMatchObject({
      terminalID: d.terminalId,
      name: d.carNumber || d.nickname || d.terminalId,
      deviceType: TIRE_MODEL,
      updatedAt: d.fixTime!.getTime(),
    });
    expect(r.data.list).toHaveLength(wheels);
    expect(r.data.list.map((w: { position: number }) => w.position)).toEqual([...Array(wheels).keys()]);
    for (const w of r.data.list) {
      expect(w).toEqual({
        position: expect.any(Number),
        pressureKpa: expect.any(Number),
        temperatureC: expect.any(Number),
        batteryPct: expect.any(Number),
        eventType: expect.any(Number),
        events: expect.arrayContaining(['periodic']),
        states: tireStates(w),
        abnormal: expect.any(Boolean),
        time: d.fixTime!.getTime(),
      });
      expect(w.pressureKpa).toBeGreaterThan(150);
      expect(w.pressureKpa).toBeLessThan(300);
      expect(w.temperatureC).toBeGreaterThanOrEqual(25);
      expect(w.temperatureC).toBeLessThanOrEqual(60);
    }
  });

  it('shows the seeded leak and the low sensor battery', async () => {
    const all = await Promise.all(
      [...truckOf('agent'), ...truckOf('subagent'), ...truckOf('user'), ...truckOf('superuser')].map(
        async (d) => (await findTire(d.terminalId)).data,
      ),
    );
    const wheels = all.flatMap((a) => a.list);
    const leak = wheels.find((w) => w.states.status === 'airLeak');
    expect(leak).toMatchObject({ states: { pressure: 'low', status: 'airLeak' }, abnormal: true });
    expect(leak.events).toEqual(expect.arrayContaining(['pressureLow', 'slowLeak']));
    expect(wheels.some((w) => w.states.battery === 'low')).toBe(true);
    expect(wheels.filter((w) => !w.abnormal).length).toBeGreaterThan(wheels.length / 2);
    for (const a of all)
      expect(a.abnormal).toBe(a.list.filter((w: { abnormal: boolean }) => w.abnormal).length);
  });

  it('answers an empty list for a device that never reported tires', async () => {
    const [other] = await h.handle.db
      .select()
      .from(devices)
      .where(and(eq(devices.userId, SEED_USER_IDS.agent), ne(devices.deviceType, TIRE_MODEL)))
      .limit(1);
    const r = await findTire(other.terminalId);
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({ terminalID: other.terminalId, updatedAt: null, abnormal: 0, list: [] });
  });

  it('answers not found outside the subtree and for unknown devices, alike', async () => {
    for (const id of [truckOf('agent2')[0].terminalId, '19999999999']) {
      const r = await findTire(id);
      expect(r.status, id).toBe(404);
      expect(r.meta.key).toBe('notFound');
      expect(r.data).toBeNull();
    }
  });

  it('lets the demo account read its own trucks only', async () => {
    const demo = await h.login('demo');
    const own = truckOf('demo')[0];
    const r = await findTire(own.terminalId, demo);
    expect(r.status).toBe(200);
    expect(r.data.list).toHaveLength(tireWheels(own.id));
    expect((await findTire(truckOf('agent')[0].terminalId, demo)).status).toBe(404);
  });

  it('lets an end user read its trucks, and refuses roles without tire:view', async () => {
    const user = await h.login('user');
    expect((await findTire(truckOf('user')[0].terminalId, user)).status).toBe(200);
    const test = await h.login('test');
    const r = await findTire(truckOf('user')[0].terminalId, test);
    expect(r.status).toBe(403);
    expect((await h.post('/api/tire/findTire', { terminalID: trucks[0].terminalId })).status).toBe(401);
  });

  it('refuses a missing, empty, over-long, spaced or control-character terminal id', async () => {
    for (const bad of [undefined, '', 'x'.repeat(200), '1399\u0000', '1399 0001']) {
      const r = await findTire(bad);
      expect(r.status, JSON.stringify(bad)).toBe(400);
    }
  });
});

describe('tire readings from a simulated TPMS truck over TCP', () => {
  it('stores the readings of item 0x66 and findTire answers them', async () => {
    const d = truckOf('agent')[0];
    const gw = await startGateway({ db: h.handle.db, bus: createMemoryBus() }, [
      { codec: jt808Codec, port: 0, host: '127.0.0.1' },
    ]);
    const sim = new SimDevice(
      { terminalId: d.terminalId, family: 'jt808', lat: d.lat!, lon: d.lon!, seed: 5, tireWheels: 6 },
      {
        ...DEFAULT_SIM_OPTIONS,
        ports: { gt06: 0, jt808: gw.ports.jt808 },
        manual: true,
        alarmChance: 0,
        reconnect: false,
      },
    );
    try {
      await sim.start();
      // Authenticated once the gateway has bound the terminal.
      const deadline = Date.now() + 8000;
      while (!gw.ctx.registry.get(d.terminalId) && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
      expect(gw.ctx.registry.get(d.terminalId)).toBeTruthy();
      const at = Date.now();
      sim.report(at);
      const until = Date.now() + 8000;
      let rows: (typeof tireReadings.$inferSelect)[] = [];
      while (Date.now() < until) {
        await gw.ctx.writer.drain();
        rows = await h.handle.db.select().from(tireReadings).where(eq(tireReadings.deviceId, d.id));
        if (rows.length === 6 && rows.every((r) => r.updatedAt.getTime() === Math.floor(at / 1000) * 1000))
          break;
        await new Promise((r) => setTimeout(r, 50));
      }
      const r = await findTire(d.terminalId);
      expect(r.data.list).toHaveLength(6);
      expect(r.data.updatedAt).toBe(Math.floor(at / 1000) * 1000);
      for (const w of r.data.list) {
        expect(w.pressureKpa).toBeGreaterThan(140);
        expect(w.pressureKpa).toBeLessThan(300);
        expect(w.events).toContain('periodic');
      }
    } finally {
      sim.stop();
      await gw.close();
    }
  });
});
