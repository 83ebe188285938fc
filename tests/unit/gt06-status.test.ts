import { describe, expect, it } from 'vitest';
import type { HeartbeatMessage } from '../../server/gateway/codec';
import { decodeGt06Frame, encodeGt06Ack } from '../../server/gateway/gt06';
import { bytes, dateBytes, FIX, NOW, packet, u32 } from './gt06-build';

const decode = (frame: Buffer) => {
  const result = decodeGt06Frame(frame, {}, NOW);
  expect(result.error).toBeUndefined();
  return { msg: result.messages[0] as HeartbeatMessage, result };
};

const info94 = (sub: number, data: Buffer | number[]) => packet(0x94, bytes([sub], data), 2, true);

describe('GT06 status packets', () => {
  it('0x13: information byte, voltage level, GSM and alarm; acked', () => {
    const { msg, result } = decode(packet(0x13, bytes([0x47, 0x03, 0x02, 0x00, 0x02]), 5));
    expect(msg).toMatchObject({
      type: 'heartbeat',
      armed: true,
      acc: true,
      charging: true,
      gpsTracking: true,
      fuelCut: false,
      battery: 50,
      gsmSignal: 2,
    });
    expect(result.reply).toEqual(encodeGt06Ack(0x13, 5));
  });

  it('0x13 with a 16-byte body: battery percent and a temperature (bit 15 set: above zero)', () => {
    const body = bytes([0x02, 0, 9, 0, 2], [77], [1, 0x01, 0x90, 0, 0, 1, 0, 2], [0x80, 0xfa]);
    expect(decode(packet(0x13, body)).msg).toMatchObject({
      type: 'heartbeat',
      battery: 77,
      temperature: 25,
      acc: true,
    });
    const cold = bytes(body.subarray(0, 14), [0x00, 0x32]);
    expect(decode(packet(0x13, cold)).msg.temperature).toBe(-5);
  });

  it('0x23 (GK310): battery voltage and signal', () => {
    const { msg, result } = decode(packet(0x23, bytes([0x06], [0x01, 0x9a], [0x11])));
    expect(msg).toMatchObject({
      type: 'heartbeat',
      acc: true,
      charging: true,
      gsmSignal: 17,
      attributes: { batteryVoltage: 4.1 },
    });
    expect(result.reply).toEqual(encodeGt06Ack(0x23, 1));
  });

  it('0x36 (4G status): modules after the status bytes (battery level)', () => {
    const body = bytes(
      [0x02, 0x06, 0x04, 0x00, 0x02],
      [0x00, 0x6a, 0x01, 55],
      [0x00, 0x18, 0x02, 0x01, 0xa4],
    );
    expect(decode(packet(0x36, body)).msg).toMatchObject({
      type: 'heartbeat',
      battery: 55,
      attributes: { batteryVoltage: 4.2 },
    });
  });

  it('0x15 text <ICCID:...> is the SIM card id', () => {
    const text = Buffer.from('<ICCID:89860012345678901234>', 'latin1');
    const body = bytes([4 + text.length], [0, 0, 0, 0], text);
    expect(decode(packet(0x15, body)).msg).toMatchObject({ type: 'status', iccid: '89860012345678901234' });
  });
});

describe('GT06 0x94 information transfer', () => {
  it('7878 form: the external voltage alone', () => {
    const { msg, result } = decode(packet(0x94, Buffer.from([0x04, 0xb0])));
    expect(msg).toMatchObject({ type: 'status', externalVoltage: 12 });
    expect(result.reply).toBeNull();
  });

  it('sub-types 0x00 and 0x0B: external voltage; 0x0B with one byte: the network', () => {
    expect(decode(info94(0x00, [0x05, 0x14])).msg.externalVoltage).toBe(13);
    expect(decode(info94(0x0b, [0x05, 0x14])).msg.externalVoltage).toBe(13);
    expect(decode(info94(0x0b, [1])).msg.attributes).toEqual({ network: '4G' });
  });

  it('sub-type 0x0A: IMEI, IMSI, then the ICCID without its F padding', () => {
    const ids = bytes(Buffer.alloc(16), Buffer.from('8986001234567890123f', 'hex'));
    expect(decode(info94(0x0a, ids)).msg.iccid).toBe('8986001234567890123');
  });

  it('sub-type 0x04: the status text; 0x05: the door', () => {
    expect(decode(info94(0x04, Buffer.from('ALM1=C5;STA1=40;DYD=01', 'latin1'))).msg.attributes).toEqual({
      alarm1Status: 0xc5,
      otherStatus: 0x40,
      engineStatus: 1,
    });
    expect(decode(info94(0x05, [0x01])).msg.attributes).toEqual({ door: true, io1: false });
  });

  it('sub-type 0x0D: a fuel sensor text gives temperature and fuel', () => {
    const text = '!AIOIL,1,20.5,31.2,V1.0,1011,135.4,1,3,A7';
    expect(decode(info94(0x0d, Buffer.from(text, 'latin1'))).msg).toMatchObject({
      temperature: 31.2,
      fuel: 135.4,
    });
  });

  it('sub-type 0x1E: temperature and humidity in tenths', () => {
    const data = Buffer.alloc(8);
    data.writeInt32BE(-35, 0);
    data.writeInt32BE(456, 4);
    expect(decode(info94(0x1e, data)).msg).toMatchObject({
      temperature: -3.5,
      attributes: { humidity: 45.6 },
    });
  });
});

describe('GT06 device state packets', () => {
  it('0x8C (OBD): ACC and the PID values in hundredths; acked', () => {
    const text = Buffer.from('2B=1388,36=0BB8,4A=LSVAB4187J2123456', 'latin1');
    const { msg, result } = decode(packet(0x8c, bytes(dateBytes(FIX.time), [1], text, Buffer.alloc(12))));
    expect(msg).toMatchObject({
      type: 'status',
      acc: true,
      fuel: 50,
      attributes: { rpm: 30, vin: 'LSVAB4187J2123456' },
    });
    expect(result.reply).toEqual(encodeGt06Ack(0x8c, 1));
  });

  it('0xF1 (4G device status): ACC, arming, external voltage, charging', () => {
    const items = bytes([0, 4, 1, 1], [0, 2, 1, 0], [0, 5, 2, 0x04, 0xd2], [0, 7, 1, 1], [0, 1, 1, 2]);
    expect(decode(packet(0xf1, bytes(u32(FIX.time.getTime() / 1000), items))).msg).toMatchObject({
      type: 'status',
      acc: true,
      armed: false,
      externalVoltage: 12.34,
      charging: true,
      attributes: { motion: true },
    });
  });

  it('0x9B: an external device’s serial data, as text when printable', () => {
    expect(decode(packet(0x9b, bytes([3], Buffer.from('T=21.5 ', 'latin1')))).msg.attributes).toEqual({
      serialDevice: 3,
      serialData: 'T=21.5',
    });
    expect(decode(packet(0x9b, bytes([3], [0x01, 0xff]))).msg.attributes).toMatchObject({
      serialData: '01ff',
    });
  });

  it('0x2A (address request): answered in the 7979 form with "no address"', () => {
    const { result } = decode(packet(0x2a, bytes(Buffer.alloc(8))));
    const reply = result.reply!;
    expect(reply.subarray(0, 2).toString('hex')).toBe('7979');
    expect(reply[4]).toBe(0x97);
    expect(reply.toString('latin1')).toContain('NA&&NA&&0##');
  });
});
