import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryBus } from '../../server/bus/memory';
import type { EventBus } from '../../server/bus/types';
import { openTestDatabase, type TestDatabase } from '../../server/db/testing';
import { deviceLogs } from '../../server/db/schema/device-logs';
import { devices } from '../../server/db/schema/devices';
import { positions } from '../../server/db/schema/positions';
import { stock } from '../../server/db/schema/stock';
import { startOsmAnd, type OsmAndListener } from '../../server/gateway/osmand';
import { hashOsmAndKey } from '../../server/gateway/osmand/device-key';
import { OSMAND_FIXES_PER_WINDOW } from '../../server/gateway/osmand/limits';
import { SimPhone } from '../../server/sim/osmand-phone';
import { startGateway, type Gateway } from '../../server/gateway/runtime/server';
import { DEVICE_PROTOCOL, DEVICE_STATE } from '../../src/domain/codes';
import { until } from '../support/until';

let t: TestDatabase;
let bus: EventBus;
let gw: Gateway;
let osmand: OsmAndListener;
let device: { id: number; terminalId: string };

beforeAll(async () => {
  t = await openTestDatabase({ seed: true });
  bus = createMemoryBus();
  gw = await startGateway({ db: t.db, bus }, [], { idleTimeoutMs: 1500 });
  osmand = await startOsmAnd(gw.ctx, { port: 0, host: '127.0.0.1' });
  const [d] = await t.db
    .select({ id: devices.id, terminalId: devices.terminalId })
    .from(devices)
    .where(inArray(devices.state, [DEVICE_STATE.online, DEVICE_STATE.offline]))
    .orderBy(devices.id)
    .limit(1);
  device = d;
  await t.db
    .update(devices)
    .set({ state: DEVICE_STATE.offline, platformExpireAt: null, protocol: DEVICE_PROTOCOL.OsmAnd })
    .where(eq(devices.id, d.id));
});
afterAll(async () => {
  await osmand.close();
  await gw.close();
  await t.dispose();
});

const base = () => `http://127.0.0.1:${osmand.port}`;
const get = (query: string) => fetch(`${base()}/?${query}`);
const stored = async (fixTime: Date) =>
  t.db
    .select()
    .from(positions)
    .where(and(eq(positions.deviceId, device.id), eq(positions.fixTime, fixTime)));

describe('OsmAnd over HTTP', () => {
  it('stores a known device’s fix, answers 200 with an empty body and marks it online', async () => {
    const time = new Date(Math.floor(Date.now() / 1000) * 1000 - 60_000);
    const res = await get(
      `id=${device.terminalId}&lat=22.54&lon=114.05&timestamp=${time.getTime() / 1000}&speed=10&bearing=90&altitude=12&batt=77&accuracy=6&temp=21.5`,
    );
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
    // The answer leaves once the fix is stored.
    const [row] = await stored(time);
    expect(row).toMatchObject({
      lat: 22.54,
      lon: 114.05,
      course: 90,
      altitude: 12,
      battery: 77,
      valid: true,
    });
    expect(row.speed).toBeCloseTo(18.52, 2);
    expect(row.attributes).toMatchObject({ accuracy: 6, temp: 21.5 });
    const state = await until(
      async () =>
        (await t.db.select({ s: devices.state }).from(devices).where(eq(devices.id, device.id)))[0].s,
      (s) => s === DEVICE_STATE.online,
    );
    expect(state).toBe(DEVICE_STATE.online);
    await gw.ctx.frameLog.flush();
    const logs = await t.db.select().from(deviceLogs).where(eq(deviceLogs.terminalId, device.terminalId));
    expect(logs.some((l) => l.direction === 'in' && l.raw.includes(`id=${device.terminalId}`))).toBe(true);
  });

  it('stores the Traccar Client JSON body (speed m/s, battery 0..1)', async () => {
    const time = new Date(Math.floor(Date.now() / 1000) * 1000 - 50_000);
    const res = await fetch(base(), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        device_id: device.terminalId,
        location: {
          timestamp: time.toISOString(),
          coords: { latitude: 22.55, longitude: 114.06, speed: 5, heading: 180, altitude: 30, accuracy: 3 },
          is_moving: true,
          odometer: 1500,
          battery: { level: 0.5, is_charging: true },
        },
      }),
    });
    expect(res.status).toBe(200);
    const [row] = await stored(time);
    expect(row).toMatchObject({
      lat: 22.55,
      lon: 114.06,
      speed: 18,
      course: 180,
      battery: 50,
      mileage: 1500,
    });
    expect(row.attributes).toMatchObject({ charging: true, motion: true, accuracy: 3 });
  });

  it('stores a POST form body', async () => {
    const time = new Date(Math.floor(Date.now() / 1000) * 1000 - 40_000);
    const res = await fetch(base(), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `id=${device.terminalId}&lat=22.56&lon=114.07&timestamp=${time.toISOString()}`,
    });
    expect(res.status).toBe(200);
    expect(await stored(time)).toHaveLength(1);
  });

  it('stores nothing twice for the same time: a resent fix is answered 200', async () => {
    const time = new Date(Math.floor(Date.now() / 1000) * 1000 - 30_000);
    const query = `id=${device.terminalId}&lat=22.57&lon=114.08&timestamp=${time.getTime()}`;
    expect((await get(query)).status).toBe(200);
    expect((await get(query)).status).toBe(200);
    await gw.ctx.writer.drain();
    expect(await stored(time)).toHaveLength(1);
  });

  it('answers unknown ids and devices of another family exactly like a stored fix, stores nothing and logs why', async () => {
    const [gt06] = await t.db
      .select({ id: devices.id, terminalId: devices.terminalId })
      .from(devices)
      .where(eq(devices.protocol, DEVICE_PROTOCOL.Gt06))
      .orderBy(devices.id)
      .limit(1);
    const time = new Date(Math.floor(Date.now() / 1000) * 1000 - 40_000);
    const fix = (id: string) => get(`id=${id}&lat=48.85&lon=2.35&timestamp=${time.getTime()}`);
    const answers = [];
    for (const id of [device.terminalId, '999999999999991', gt06.terminalId]) {
      const res = await fix(id);
      answers.push({ status: res.status, body: await res.text(), type: res.headers.get('content-type') });
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(answers[0]).toEqual({ status: 200, body: '', type: null });
    await gw.ctx.writer.drain();
    expect(await t.db.select().from(positions).where(eq(positions.deviceId, gt06.id))).toHaveLength(0);
    await gw.ctx.frameLog.flush();
    const [unknown] = await t.db
      .select()
      .from(deviceLogs)
      .where(eq(deviceLogs.terminalId, '999999999999991'));
    expect(unknown.deviceId).toBeNull();
    expect(unknown.decoded).toMatchObject({ unknownDevice: true });
    const [other] = await t.db.select().from(deviceLogs).where(eq(deviceLogs.terminalId, gt06.terminalId));
    expect(other.decoded).toMatchObject({ otherFamily: true });
  });

  it('once the device has a key, answers fixes without it or with another alike and stores them not; with it, stores', async () => {
    const key = 'test-key-0123456789';
    await t.db
      .update(devices)
      .set({ osmandKeyHash: hashOsmAndKey(key) })
      .where(eq(devices.id, device.id));
    try {
      // Half a second off the whole seconds the other tests' fixes use: none of theirs can be
      // the one this test expects not stored (on a slow run they met at the same second).
      const time = new Date(Math.floor(Date.now() / 1000) * 1000 - 50_500);
      const fix = (extra: string, ms = time.getTime()) =>
        get(`id=${device.terminalId}&lat=22.58&lon=114.09&timestamp=${ms}${extra}`);
      for (const extra of ['', '&key=wrong-key-0123456789']) {
        const res = await fix(extra);
        expect({ status: res.status, body: await res.text() }).toEqual({ status: 200, body: '' });
      }
      await gw.ctx.writer.drain();
      expect(await stored(time)).toHaveLength(0);
      expect((await fix(`&key=${key}`, time.getTime() + 1000)).status).toBe(200);
      const [row] = await stored(new Date(time.getTime() + 1000));
      // The key is the server URL's, never an attribute of the fix, nor in the frame log.
      expect(JSON.stringify(row.attributes ?? {})).not.toContain(key);
      await gw.ctx.frameLog.flush();
      const logs = await t.db.select().from(deviceLogs).where(eq(deviceLogs.terminalId, device.terminalId));
      expect(logs.some((l) => (l.decoded as { wrongKey?: boolean }).wrongKey)).toBe(true);
      expect(JSON.stringify(logs)).not.toContain(key);
    } finally {
      await t.db.update(devices).set({ osmandKeyHash: null }).where(eq(devices.id, device.id));
    }
  });

  it('accepts a device in factory stock without storing a position', async () => {
    const terminalId = '868000000000555';
    await t.db
      .insert(stock)
      .values({ terminalId, protocol: DEVICE_PROTOCOL.OsmAnd } as typeof stock.$inferInsert)
      .onConflictDoNothing();
    expect((await get(`id=${terminalId}&lat=1&lon=2`)).status).toBe(200);
  });

  it('answers 429 past the fixes one device may send per minute', async () => {
    // The stock device of the test above: admitted like any other, stored nowhere, so fast.
    const base = Date.UTC(2026, 0, 1);
    const answers = await Promise.all(
      Array.from({ length: OSMAND_FIXES_PER_WINDOW + 5 }, (_, i) =>
        get(`id=868000000000555&lat=1&lon=2&timestamp=${base + i * 1000}`).then((r) => r.status),
      ),
    );
    // One was admitted by the test above.
    expect(answers.filter((s) => s === 429)).toHaveLength(6);
    expect(answers.filter((s) => s === 200)).toHaveLength(OSMAND_FIXES_PER_WINDOW - 1);
  });

  it('answers 400 to bad input and 413 to a body past the limit', async () => {
    expect((await get(`id=${device.terminalId}&lat=95&lon=2`)).status).toBe(400);
    expect((await get(`id=${device.terminalId}&lat=1&lon=2&timestamp=never`)).status).toBe(400);
    expect((await get('lat=1&lon=2')).status).toBe(400);
    expect((await fetch(base())).status).toBe(400);
    const json = await fetch(base(), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"device_id":',
    });
    expect(json.status).toBe(400);
    const big = await fetch(base(), { method: 'POST', body: `id=1&x=${'a'.repeat(20_000)}` });
    expect(big.status).toBe(413);
  });

  it('the simulator drives a phone in both forms', async () => {
    for (const form of ['query', 'json'] as const) {
      const phone = new SimPhone(
        { terminalId: device.terminalId, lat: 22.5, lon: 114, seed: 3, form },
        { url: base(), intervalSec: 1, manual: true },
      );
      const at = new Date(Math.floor(Date.now() / 1000) * 1000 - (form === 'json' ? 20_000 : 10_000));
      expect(await phone.report(at)).toBe(200);
      expect(phone.waiting).toHaveLength(0);
      const [row] = await stored(at);
      expect(row.battery).toBe(100);
      expect(Math.abs(row.lat - 22.5)).toBeLessThan(0.1);
    }
  });

  it('says online again when another gateway process took the device offline', async () => {
    const fix = (ms: number) => get(`id=${device.terminalId}&lat=22.6&lon=114.1&timestamp=${ms}`);
    const base = Math.floor(Date.now() / 1000) * 1000 - 5_000;
    expect((await fix(base)).status).toBe(200);
    // Another process's idle sweep (or a shutdown) wrote offline.
    await t.db.update(devices).set({ state: DEVICE_STATE.offline }).where(eq(devices.id, device.id));
    await new Promise((r) => setTimeout(r, 800)); // past half the idle timeout (1500 ms)
    expect((await fix(base + 1000)).status).toBe(200);
    const state = await until(
      async () =>
        (await t.db.select({ s: devices.state }).from(devices).where(eq(devices.id, device.id)))[0].s,
      (s) => s === DEVICE_STATE.online,
    );
    expect(state).toBe(DEVICE_STATE.online);
  });

  it('marks the device offline once it has been silent for the idle timeout', async () => {
    const state = await until(
      async () =>
        (await t.db.select({ s: devices.state }).from(devices).where(eq(devices.id, device.id)))[0].s,
      (s) => s === DEVICE_STATE.offline,
      8000,
    );
    expect(state).toBe(DEVICE_STATE.offline);
  });
});

describe('OsmAnd presence when a write comes after the idle limit', () => {
  const state = async () =>
    (await t.db.select({ s: devices.state }).from(devices).where(eq(devices.id, device.id)))[0].s;

  it('keeps the device online and looks again, then takes it offline once it is silent', async () => {
    const at = Math.floor(Date.now() / 1000) * 1000;
    expect((await get(`id=${device.terminalId}&lat=22.6&lon=114.1&timestamp=${at}`)).status).toBe(200);
    expect(await until(state, (s) => s === DEVICE_STATE.online)).toBe(DEVICE_STATE.online);
    // The row was written after the limit of the next sweep (a late commit, or another process).
    await t.db
      .update(devices)
      .set({ updatedAt: new Date(Date.now() + 60_000) })
      .where(eq(devices.id, device.id));
    osmand.presence.expire(false, Date.now() + 2_000);
    expect(
      await until(
        async () => osmand.presence.size,
        (n) => n === 1,
      ),
    ).toBe(1);
    expect(await state()).toBe(DEVICE_STATE.online);
    // Silent since: the next look takes it offline.
    await t.db
      .update(devices)
      .set({ updatedAt: new Date(Date.now() - 60_000) })
      .where(eq(devices.id, device.id));
    osmand.presence.expire(false, Date.now() + 2_000);
    expect(await until(state, (s) => s === DEVICE_STATE.offline)).toBe(DEVICE_STATE.offline);
    expect(osmand.presence.size).toBe(0);
  });
});
