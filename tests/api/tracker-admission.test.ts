import net from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryBus } from '../../server/bus/memory';
import { SUBJECT } from '../../server/bus/types';
import { openTestDatabase, type TestDatabase } from '../../server/db/testing';
import { alarms } from '../../server/db/schema/alarms';
import { devices } from '../../server/db/schema/devices';
import { users } from '../../server/db/schema/users';
import { gt06Codec } from '../../server/gateway/gt06';
import type { GatewayOptions } from '../../server/gateway/runtime/context';
import { startGateway, type Gateway } from '../../server/gateway/runtime/server';
import { buildTeltonikaHandshake } from '../../server/gateway/teltonika/framing';
import { teltonikaCodec } from '../../server/gateway/teltonika';
import { gt06Heartbeat, gt06Login } from '../../server/sim/gt06-frames';
import { DEVICE_PROTOCOL } from '../../src/domain/codes';
import { until } from '../support/until';

// Who may speak for a tracker (issue 30): real sockets on free ports, devices of the test's own.

let t: TestDatabase;
const gateways: Gateway[] = [];
let seq = 0;

beforeAll(async () => {
  t = await openTestDatabase({ seed: false });
});
afterAll(async () => {
  for (const g of gateways) await g.close();
  await t.dispose();
});

async function gateway(options: Partial<GatewayOptions> = {}) {
  const listens = [gt06Codec, teltonikaCodec].map((codec) => ({ codec, port: 0, host: '127.0.0.1' }));
  const gw = await startGateway({ db: t.db, bus: createMemoryBus() }, listens, options);
  gateways.push(gw);
  return gw;
}

/** A device of the test's own, owned by a user of its own. */
async function ownDevice(protocol: number = DEVICE_PROTOCOL.Gt06) {
  const terminalId = `8640${String(Date.now()).slice(-8)}${String(seq++).padStart(3, '0')}`;
  const [u] = await t.db
    .insert(users)
    .values({ username: `adm${terminalId}`, passwordHash: 'x', role: 3 })
    .returning({ id: users.id });
  const [d] = await t.db
    .insert(devices)
    .values({ terminalId, userId: u!.id, protocol, platformExpireAt: new Date(Date.now() + 86_400_000) })
    .returning({ id: devices.id });
  return { terminalId, id: d!.id };
}

interface Client {
  sock: net.Socket;
  received: Buffer[];
  closed: Promise<void>;
  isClosed: () => boolean;
}
async function connect(port: number): Promise<Client> {
  const sock = net.connect(port, '127.0.0.1');
  const received: Buffer[] = [];
  sock.on('data', (b) => received.push(b));
  sock.on('error', () => {});
  let done = false;
  const closed = new Promise<void>((r) => sock.once('close', () => ((done = true), r())));
  await new Promise((r) => sock.once('connect', r));
  return { sock, received, closed, isClosed: () => done };
}
const answered = (c: Client) =>
  until(
    async () => c.received.length,
    (n) => n > 0,
    5000,
  );

describe('a second connection claiming a device', () => {
  it('is refused while the device’s own connection is live, and the owner is alarmed', async () => {
    const gw = await gateway();
    const dev = await ownDevice();
    const real = await connect(gw.ports.gt06!);
    real.sock.write(gt06Login(dev.terminalId, 1));
    expect(await answered(real)).toBe(1);
    const claimant = await connect(gw.ports.gt06!);
    claimant.sock.write(gt06Login(dev.terminalId, 1));
    await claimant.closed;
    expect(claimant.received).toHaveLength(0);
    expect(real.isClosed()).toBe(false);
    // Commands still go to the real tracker.
    expect(gw.ctx.registry.get(dev.terminalId)?.socket.remotePort).toBe(real.sock.localPort);
    const raised = await until(
      () =>
        t.db
          .select()
          .from(alarms)
          .where(and(eq(alarms.deviceId, dev.id), eq(alarms.type, 'identityConflict'))),
      (rows) => rows.length > 0,
    );
    expect(raised).toHaveLength(1);
    real.sock.destroy();
  });

  it('is refused while another gateway process of the cluster holds the device live', async () => {
    const gw = await gateway();
    const dev = await ownDevice();
    // That process answers the device's live-state probe on the bus, as a holding one does.
    const unprobe = gw.ctx.bus.respond(SUBJECT.logProbe(dev.terminalId), async () => ({
      node: 'other-node/gw2',
      remoteAddr: '203.0.113.9:40000',
      localPort: 5023,
      onlineSince: new Date().toISOString(),
      lastFrameAt: new Date().toISOString(),
    }));
    const claimant = await connect(gw.ports.gt06!);
    claimant.sock.write(gt06Login(dev.terminalId, 1));
    await claimant.closed;
    expect(claimant.received).toHaveLength(0);
    expect(gw.ctx.registry.get(dev.terminalId)).toBeUndefined();
    unprobe();
  });

  it('replaces a connection that has gone quiet, as after a reconnect', async () => {
    const gw = await gateway({ claimSilenceMs: 0 });
    const dev = await ownDevice();
    const old = await connect(gw.ports.gt06!);
    old.sock.write(gt06Login(dev.terminalId, 1));
    await answered(old);
    const fresh = await connect(gw.ports.gt06!);
    fresh.sock.write(gt06Login(dev.terminalId, 2));
    expect(await answered(fresh)).toBe(1);
    await old.closed;
    expect(gw.ctx.registry.get(dev.terminalId)?.socket.remotePort).toBe(fresh.sock.localPort);
    fresh.sock.destroy();
  });
});

describe('protocol families', () => {
  it('a GT06 device is refused on the Teltonika port and stays offline there', async () => {
    const gw = await gateway();
    const dev = await ownDevice(DEVICE_PROTOCOL.Gt06);
    const c = await connect(gw.ports.teltonika!);
    c.sock.write(buildTeltonikaHandshake(dev.terminalId));
    await c.closed;
    // Teltonika accepts with 0x01; nothing of the kind came back.
    expect(Buffer.concat(c.received).includes(0x01)).toBe(false);
    expect(gw.ctx.registry.get(dev.terminalId)).toBeUndefined();
  });

  it('a device of no family is bound to the first family that served it', async () => {
    const gw = await gateway();
    const dev = await ownDevice(DEVICE_PROTOCOL.K100);
    const first = await connect(gw.ports.gt06!);
    first.sock.write(gt06Login(dev.terminalId, 1));
    await answered(first);
    const bound = await until(
      async () =>
        (await t.db.select({ f: devices.boundFamily }).from(devices).where(eq(devices.id, dev.id)))[0]!.f,
      (f) => f != null,
    );
    expect(bound).toBe('gt06');
    first.sock.destroy();
    await first.closed;
    const other = await connect(gw.ports.teltonika!);
    other.sock.write(buildTeltonikaHandshake(dev.terminalId));
    await other.closed;
    expect(Buffer.concat(other.received).includes(0x01)).toBe(false);
  });
});

describe('anonymous connections', () => {
  it('a socket that never logs in is closed after the identify timeout, its heartbeats unanswered', async () => {
    const gw = await gateway({ identifyTimeoutMs: 600 });
    const c = await connect(gw.ports.gt06!);
    const started = Date.now();
    const beat = setInterval(() => c.sock.write(gt06Heartbeat({ acc: true, voltageLevel: 4 }, 1)), 100);
    await c.closed;
    clearInterval(beat);
    expect(Date.now() - started).toBeGreaterThanOrEqual(550);
    expect(c.received).toHaveLength(0);
  });

  it('one address holds at most GATEWAY_MAX_PER_ADDRESS connections', async () => {
    const gw = await gateway({ maxPerAddress: 3 });
    const held = [
      await connect(gw.ports.gt06!),
      await connect(gw.ports.gt06!),
      await connect(gw.ports.teltonika!),
    ];
    await until(
      async () => gw.ctx.registry.from('127.0.0.1'),
      (n) => n === 3,
    );
    const over = await connect(gw.ports.gt06!);
    await over.closed;
    expect(held.every((c) => !c.isClosed())).toBe(true);
    held[0]!.sock.destroy();
    await held[0]!.closed;
    await until(
      async () => gw.ctx.registry.from('127.0.0.1'),
      (n) => n === 2,
    );
    const again = await connect(gw.ports.gt06!);
    expect(again.isClosed()).toBe(false);
    for (const c of [...held, again]) c.sock.destroy();
  });
});
