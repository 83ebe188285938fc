import { describe, expect, it } from 'vitest';
import type { LocationMessage } from '../../server/gateway/codec';
import { decodeGt06Frame } from '../../server/gateway/gt06';
import { gt06Location4g } from '../../server/sim/gt06-frames';
import { bytes, cell2g, cell4g, FIX, gps, NOW, packet, u32, withAcc } from './gt06-build';

const decode = (frame: Buffer) => {
  const result = decodeGt06Frame(frame, {}, NOW);
  expect(result.error).toBeUndefined();
  expect(result.messages).toHaveLength(1);
  return { msg: result.messages[0] as LocationMessage, result };
};

const expectFix = (msg: LocationMessage) =>
  expect(msg).toMatchObject({
    type: 'location',
    valid: true,
    time: FIX.time,
    latitude: FIX.lat,
    longitude: FIX.lon,
    speed: FIX.speed,
    course: FIX.course,
    positionType: 'gps',
  });

describe('GT06 location packets', () => {
  it('0x10: the GPS block alone', () => {
    expectFix(decode(packet(0x10, gps())).msg);
  });

  it('0x11: a two-byte MNC and a four-byte cell id, dropped with a valid fix', () => {
    const cell = bytes([0x01, 0xcc, 0x00, 0x01, 0x28, 0x66], u32(0x0102_0304));
    const { msg } = decode(packet(0x11, bytes(gps(), cell)));
    expectFix(msg);
    expect(msg.cells).toBeUndefined();
  });

  it('0x1E (JI09) and 0x1A: GPS only', () => {
    expectFix(decode(packet(0x1e, gps())).msg);
    expectFix(decode(packet(0x1a, gps())).msg);
  });

  it('0xA0 (4G, JM-VL03): the 4G cell, ACC, re-upload flag and odometer', () => {
    const { msg, result } = decode(gt06Location4g(FIX, { acc: true, mileageKm: 1234.5 }, 9));
    expectFix(msg);
    expect(msg).toMatchObject({ acc: true, mileage: 1234.5 });
    expect(result.locationAck).toBe(false);
  });

  it('keeps the cell of a fix the GPS did not get, as an lbs position', () => {
    const invalid = gps({ valid: false });
    const { msg } = decode(
      packet(0xa0, bytes(invalid, cell4g(460, 1, 0x2866, 0x1_0a0b_0c0d), [0, 0, 0], u32(0))),
    );
    expect(msg).toMatchObject({ valid: false, positionType: 'lbs' });
    expect(msg.cells).toEqual([{ mcc: 460, mnc: 1, lac: 0x2866, cid: 0x1_0a0b_0c0d }]);
  });

  it('0x22: ACC, report reason, re-upload flag and mileage after the cell', () => {
    const { msg } = decode(
      packet(0x22, bytes(gps(), cell2g(460, 0, 0x287d, 0x1fb8), [1, 3, 1], u32(56_789))),
    );
    expect(msg).toMatchObject({ acc: true, archived: true, mileage: 56.789, attributes: { event: 3 } });
  });

  it('0x37: the tagged module after the tail (external voltage)', () => {
    const body = bytes(gps(), cell2g(460, 0, 1, 2), [0, 0, 0], [0x00, 0x27, 0x02, 0x04, 0xd2]);
    expect(decode(packet(0x37, body)).msg).toMatchObject({ externalVoltage: 12.34, acc: false });
  });

  it('0x38 (4G): upload mode, re-upload, a typed cell with its signal', () => {
    const cell = bytes([4], cell4g(460, 11, 0x1234, 0x55_6677_8899), [0x00, 0x3c]);
    const { msg } = decode(packet(0x38, bytes(gps({ valid: false }), [0, 1], cell)));
    expect(msg).toMatchObject({ archived: true, positionType: 'lbs' });
    expect(msg.cells).toEqual([{ mcc: 460, mnc: 11, lac: 0x1234, cid: 0x55_6677_8899, rssi: 60 }]);
  });

  it('reads ACC from bits 14-15 of the course word', () => {
    expect(decode(packet(0x10, withAcc(gps(), true))).msg.acc).toBe(true);
    expect(decode(packet(0x10, withAcc(gps(), false))).msg.acc).toBe(false);
    expect(decode(packet(0x10, gps())).msg.acc).toBeUndefined();
  });

  it('0xA2 of LW4G firmware: GPS, 4G cell, network, power, status, odometer, hours', () => {
    const body = bytes(
      gps(),
      cell4g(460, 0, 0x10, 0x20),
      [0x04], // network type
      [0x02], // information: ACC on
      [0x00, 0x42], // power in 0.01 V
      [0x06, 0x04, 0x00, 0x02], // voltage level, GSM, alarm, language
      u32(5000),
      u32(3600),
      Buffer.alloc(8),
      [0x00, 0x01],
    );
    expect(body.length + 5).toBe(0x40);
    const { msg } = decode(packet(0xa2, body));
    expectFix(msg);
    expect(msg).toMatchObject({
      externalVoltage: 0.66,
      acc: true,
      battery: 100,
      mileage: 5,
      attributes: { hours: 3600 },
    });
  });

  it('0x34 (X1): odometer, cell, driver, battery and power voltages, inputs', () => {
    const body = bytes(
      u32(0),
      gps(),
      [0, 0],
      u32(7_000),
      [0x01, 0xcc, 0x00, 0x00, 0x10],
      u32(0x20),
      u32(4242),
      [0x01, 0x90, 0x04, 0xb0],
      u32(0),
      [0x01, 0x00],
    );
    const { msg } = decode(packet(0x34, body));
    expectFix(msg);
    expect(msg).toMatchObject({
      mileage: 7,
      driverId: '4242',
      externalVoltage: 12,
      attributes: { batteryVoltage: 4, input: 1 },
    });
  });

  it('0x70: the modules of a fix, satellites, odometer and ICCID', () => {
    const fixModule = Buffer.alloc(20);
    fixModule.writeUInt32BE(FIX.time.getTime() / 1000, 0);
    fixModule.writeUInt8(8, 4);
    fixModule.writeInt16BE(-12, 5);
    fixModule.writeUInt32BE(Math.round(FIX.lat * 1_800_000), 7);
    fixModule.writeUInt32BE(Math.round(FIX.lon * 1_800_000), 11);
    fixModule.writeUInt8(FIX.speed, 15);
    fixModule.writeUInt16BE(0x1000 | 0x0400 | FIX.course, 16);
    const odometer = Buffer.alloc(4);
    odometer.writeUInt32LE(98_765);
    const module = (type: number, v: Buffer) =>
      bytes([type >> 8, type & 0xff, v.length >> 8, v.length & 0xff], v);
    const body = bytes(
      module(0x33, fixModule),
      module(0x2e, odometer),
      module(0x03, Buffer.from('89860012345678901fff', 'hex')),
    );
    const { msg, result } = decode(packet(0x70, body));
    expectFix(msg);
    expect(msg).toMatchObject({ altitude: -12, satellites: 8, mileage: 98.765, iccid: '89860012345678901' });
    expect(result.locationAck).toBe(true);
  });
});
