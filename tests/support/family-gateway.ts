/**
 * The shared fixture of the tracker-family API tests (Teltonika, H02, TK103, Meitrack): a seeded
 * database, a memory bus and a gateway serving one codec, raw tracker connections against it,
 * and the seeded devices those tests borrow.
 */
import net from 'node:net';
import { afterAll, beforeAll, expect } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { createMemoryBus } from '../../server/bus/memory';
import type { EventBus } from '../../server/bus/types';
import { openTestDatabase, type TestDatabase } from '../../server/db/testing';
import { devices } from '../../server/db/schema/devices';
import { positions } from '../../server/db/schema/positions';
import type { ProtocolCodec } from '../../server/gateway/codec';
import type { GatewayOptions } from '../../server/gateway/runtime/context';
import { startGateway, type Gateway } from '../../server/gateway/runtime/server';
import { DEFAULT_SIM_OPTIONS, SimDevice } from '../../server/sim/device';
import type { SimDeviceSpec, SimOptions } from '../../server/sim/options';
import { DEVICE_PROTOCOL } from '../../src/domain/codes';
import { isDeviceExpired } from '../../src/domain/expiry';
import { until } from './until';

type Db = TestDatabase['db'];
type DeviceProtocol = (typeof DEVICE_PROTOCOL)[keyof typeof DEVICE_PROTOCOL];

/** Short timeouts so a command or an idle connection settles within one test. */
const FAMILY_GATEWAY_OPTIONS: Partial<GatewayOptions> = { commandTimeoutMs: 3000, idleTimeoutMs: 5000 };

/**
 * Where the next whole server frame ends in what arrived so far (its length), or -1 while it is
 * incomplete. Each family frames its server output differently.
 */
export type FrameEnd = (received: Buffer) => number;

/** A frame ends right after the first `marker`. */
export const endAfter =
  (marker: string): FrameEnd =>
  (received) => {
    const at = received.indexOf(marker);
    return at < 0 ? -1 : at + marker.length;
  };

export const FRAME_END = {
  /** `*HQ,...#` */
  h02: endAfter('#'),
  /** `(...)` */
  tk103: endAfter(')'),
  /** `@@...*hh\r\n` */
  meitrack: endAfter('\r\n'),
  /** A Codec 12 packet: 4 zero bytes, a 4-byte length, the data, a 4-byte CRC. */
  teltonika: (received: Buffer) => {
    if (received.length < 8) return -1;
    const end = 8 + received.readUInt32BE(4) + 4;
    return end <= received.length ? end : -1;
  },
} satisfies Record<string, FrameEnd>;

export type TrackerConnection = Awaited<ReturnType<typeof connectTracker>>;

/** A raw tracker connection that collects what the gateway sends. */
export async function connectTracker(port: number, frameEnd: FrameEnd, sockets: net.Socket[] = []) {
  const socket = net.connect(port, '127.0.0.1');
  sockets.push(socket);
  let received = Buffer.alloc(0);
  socket.on('data', (d) => (received = Buffer.concat([received, d])));
  await new Promise<void>((ok, fail) => socket.once('connect', ok).once('error', fail));
  const closed = new Promise<void>((ok) => socket.once('close', () => ok()));
  /** Waits for `bytes` (the length wanted, or -1 while not there) to be positive and takes that many. */
  const takeWhen = async (bytes: () => number): Promise<Buffer> => {
    const n = await until(
      async () => bytes(),
      (len) => len > 0,
    );
    expect(n).toBeGreaterThan(0);
    const out = received.subarray(0, n);
    received = received.subarray(n);
    return out;
  };
  return {
    socket,
    closed,
    /** Waits until `n` bytes arrived and takes them. */
    take: (n: number) => takeWhen(() => (received.length >= n ? n : -1)),
    /** Waits for the next whole server frame and takes it. */
    nextFrame: () => takeWhen(() => frameEnd(received)),
    /** The next whole server frame as text. */
    next: async () => (await takeWhen(() => frameEnd(received))).toString('latin1'),
    pending: () => received.length,
  };
}

/** A seeded GT06 device with an IMEI, live and unexpired, made a `protocol` one; `skip` names ids taken. */
export async function familyDevice(db: Db, protocol: DeviceProtocol, skip: number[] = []) {
  const rows = await db
    .select()
    .from(devices)
    .where(eq(devices.protocol, DEVICE_PROTOCOL.Gt06))
    .orderBy(devices.id);
  const row = rows.find(
    (r) => /^\d{15}$/.test(r.terminalId) && !skip.includes(r.id) && !isDeviceExpired(r, Date.now()),
  );
  if (!row) throw new Error('no seeded GT06 device with an IMEI left');
  await db.update(devices).set({ protocol }).where(eq(devices.id, row.id));
  return row;
}

/** How many positions the database holds for the device. */
export const positionsOf = async (db: Db, deviceId: number) =>
  Number((await db.select({ n: count() }).from(positions).where(eq(positions.deviceId, deviceId)))[0].n);

/** How many positions the database holds in all. */
export const allPositions = async (db: Db) => Number((await db.select({ n: count() }).from(positions))[0].n);

export interface FamilyGateway {
  readonly db: Db;
  readonly bus: EventBus;
  readonly gw: Gateway;
  connect(): Promise<TrackerConnection>;
  device(skip?: number[]): Promise<Awaited<ReturnType<typeof familyDevice>>>;
  positionsOf(deviceId: number): Promise<number>;
  /** Waits (up to until's limit) for the device to hold `n` positions and answers the last count. */
  positionsReach(deviceId: number, n: number): Promise<number>;
  /**
   * Sends `frame` on a fresh connection and expects the gateway to close it without a byte in
   * answer and without storing a position.
   */
  refuses(frame: Buffer): Promise<void>;
  /** The simulator's tracker against this gateway: reports when told, no reconnects, no random alarms. */
  sim(spec: SimDeviceSpec, options?: Partial<SimOptions>): SimDevice;
}

/**
 * Registers beforeAll/afterAll hooks that start a seeded database, a memory bus and a gateway
 * serving `codec` (devices switched to `protocol`), and close them and every connection after.
 */
export function setupFamilyGateway(
  codec: ProtocolCodec,
  protocol: DeviceProtocol,
  frameEnd: FrameEnd,
  options: Partial<GatewayOptions> = FAMILY_GATEWAY_OPTIONS,
): FamilyGateway {
  let started: { t: TestDatabase; bus: EventBus; gw: Gateway } | undefined;
  const sockets: net.Socket[] = [];
  const get = () => {
    if (!started) throw new Error('the family gateway is not started: use it inside tests');
    return started;
  };
  beforeAll(async () => {
    const t = await openTestDatabase({ seed: true });
    const bus = createMemoryBus();
    const gw = await startGateway({ db: t.db, bus }, [{ codec, port: 0, host: '127.0.0.1' }], options);
    started = { t, bus, gw };
  });
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await started?.gw.close();
    await started?.t.dispose();
  });
  return {
    get db() {
      return get().t.db;
    },
    get bus() {
      return get().bus;
    },
    get gw() {
      return get().gw;
    },
    connect: () => connectTracker(get().gw.ports[codec.protocol], frameEnd, sockets),
    device: (skip) => familyDevice(get().t.db, protocol, skip),
    positionsOf: (deviceId) => positionsOf(get().t.db, deviceId),
    positionsReach: (deviceId, n) =>
      until(
        () => positionsOf(get().t.db, deviceId),
        (have) => have === n,
      ),
    async refuses(frame) {
      const { t, gw } = get();
      const c = await connectTracker(gw.ports[codec.protocol], frameEnd, sockets);
      await gw.ctx.writer.drain();
      const stored = await allPositions(t.db);
      c.socket.write(frame);
      await c.closed;
      expect(c.pending()).toBe(0);
      await gw.ctx.writer.drain();
      expect(await allPositions(t.db)).toBe(stored);
    },
    sim: (spec, extra = {}) =>
      new SimDevice(spec, {
        ...DEFAULT_SIM_OPTIONS,
        ports: { gt06: 0, jt808: 0, [spec.family]: get().gw.ports[codec.protocol] },
        manual: true,
        reconnect: false,
        alarmChance: 0,
        ...extra,
      }),
  };
}

/** Starts the tracker, waits until it is ready, and has it report `n` positions a second apart from 30 s ago. */
export async function startAndReport(sim: SimDevice, n = 5) {
  await sim.start();
  expect(
    await until(
      async () => sim.ready,
      (r) => r,
    ),
  ).toBe(true);
  const base = Date.now() - 30_000;
  for (let i = 0; i < n; i++) sim.report(base + i * 1000);
}

/** Waits (up to until's limit) for the tracker to hold `n` reports acked and answers the last count. */
export const ackedReach = (sim: SimDevice, n: number) =>
  until(
    async () => sim.ledger!.acked.size,
    (have) => have === n,
  );
