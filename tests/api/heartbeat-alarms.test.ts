/**
 * Alarms a heartbeat carries (GT06 0x13: its terminal information bits and alarm byte) are the
 * device's state, repeated in every heartbeat while it lasts: the gateway stores each when it
 * appears, and not again for a heartbeat after the alarm packet that reported it.
 */
import { and, count, eq, gte } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { alarms } from '../../server/db/schema/alarms';
import { buildGt06Packet, gt06Codec } from '../../server/gateway/gt06';
import { gt06Alarm, gt06Login } from '../../server/sim/gt06-frames';
import { DEVICE_PROTOCOL } from '../../src/domain/codes';
import { endAfter, setupFamilyGateway } from '../support/family-gateway';
import { until } from '../support/until';

const fx = setupFamilyGateway(gt06Codec, DEVICE_PROTOCOL.Gt06, endAfter('\r\n'));

/** 0x13 with terminal information bits 3-5 = 100 (SOS) when `sos`, ACC on, charging. */
const heartbeat = (sos: boolean, serial: number) =>
  buildGt06Packet(0x13, Buffer.from([0x46 | (sos ? 0x20 : 0), 0x05, 0x04, 0x00, 0x02]), serial);

/** SOS rows of the device stored after `since` (the demo seed has older ones). */
const sosRows = async (deviceId: number, since: Date) =>
  Number(
    (
      await fx.db
        .select({ n: count() })
        .from(alarms)
        .where(and(eq(alarms.deviceId, deviceId), eq(alarms.type, 'sos'), gte(alarms.createdAt, since)))
    )[0].n,
  );

describe('alarms in heartbeats', () => {
  it('stores an SOS a heartbeat raises once while it lasts, and again when it comes back', async () => {
    const since = new Date();
    const device = await fx.device();
    const t = await fx.connect();
    let serial = 1;
    t.socket.write(gt06Login(device.terminalId, serial++));
    await t.next();
    const beat = async (sos: boolean) => {
      t.socket.write(heartbeat(sos, serial++));
      await t.next(); // the heartbeat ack: the frame was handled
    };
    await beat(true);
    expect(
      await until(
        () => sosRows(device.id, since),
        (n) => n === 1,
      ),
    ).toBe(1);
    await beat(true);
    await beat(true);
    await beat(false);
    // Still one: the SOS lasted over three heartbeats.
    await new Promise((r) => setTimeout(r, 300));
    expect(await sosRows(device.id, since)).toBe(1);
    await beat(true);
    expect(
      await until(
        () => sosRows(device.id, since),
        (n) => n === 2,
      ),
    ).toBe(2);
  });

  it('does not store the SOS of a heartbeat again after the alarm packet that reported it', async () => {
    const since = new Date();
    const device = await fx.device([]);
    const other = await fx.device([device.id]);
    const t = await fx.connect();
    let serial = 1;
    t.socket.write(gt06Login(other.terminalId, serial++));
    await t.next();
    const fix = {
      time: new Date(Math.floor(Date.now() / 1000) * 1000 - 5000),
      lat: 22.5,
      lon: 114.1,
      speed: 0,
      course: 0,
      satellites: 9,
    };
    t.socket.write(gt06Alarm(fix, 0x01, serial++));
    await t.next();
    expect(
      await until(
        () => sosRows(other.id, since),
        (n) => n === 1,
      ),
    ).toBe(1);
    t.socket.write(heartbeat(true, serial++));
    await t.next();
    await new Promise((r) => setTimeout(r, 300));
    expect(await sosRows(other.id, since)).toBe(1);
  });
});
