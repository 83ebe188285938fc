import { describe, expect, it } from 'vitest';
import type { LocationMessage } from '../../../server/gateway/codec';
import { decodeJt808Frame } from '../../../server/gateway/jt808';
import { toPositionRecord } from '../../../server/gateway/runtime/position-record';
import { DEFAULT_FIX, frame, locationBody, type LocationFields } from './jt808-builders';

const NOW = new Date('2025-11-26T10:00:00Z');

function decodeLocation(fields: LocationFields): LocationMessage {
  const result = decodeJt808Frame(frame(0x0200, locationBody(fields)), {}, NOW);
  expect(result.error).toBeUndefined();
  return result.messages[0] as LocationMessage;
}

const ascii = (s: string) => Buffer.from(s, 'latin1');

describe('JT/T 808 location body', () => {
  it('reads position, time (GMT+8), speed, course, altitude, ACC and the fix bit', () => {
    const msg = decodeLocation({ lat: 22.543096, lon: 114.057865, altitude: -12, speed: 52.3, course: 271 });
    expect(msg).toMatchObject({
      type: 'location',
      time: DEFAULT_FIX,
      valid: true,
      latitude: 22.543096,
      longitude: 114.057865,
      altitude: -12,
      speed: 52.3,
      course: 271,
      acc: true,
      positionType: 'gps',
    });
    const southWest = decodeLocation({ status: 0x0e, lat: 33.9, lon: 18.4 });
    expect(southWest).toMatchObject({ latitude: -33.9, longitude: -18.4, acc: false, valid: true });
    expect(decodeLocation({ status: 0 }).valid).toBe(false);
  });
});

describe('JT/T 808 standard extra items', () => {
  it('0x01 odometer, 0x02 fuel, 0x03 tachograph speed, 0x04 confirmed alarm id', () => {
    const msg = decodeLocation({
      items: [
        [0x01, '00003039'],
        [0x02, '01f4'],
        [0x03, '01c2'],
        [0x04, '0007'],
      ],
    });
    expect(msg.mileage).toBe(1234.5);
    expect(msg.fuel).toBe(50);
    expect(msg.attributes).toMatchObject({ tachographSpeed: 45, alarmEventId: 7 });
    // Bit 15 of 0x02: a percentage (some firmware).
    expect(decodeLocation({ items: [[0x02, '8040']] }).attributes).toMatchObject({ fuelPercent: 64 });
  });

  it('0x25 signals, 0x2A IO, 0x2B analog, 0x30 signal, 0x31 satellites, 2019 0x06 temperature', () => {
    const msg = decodeLocation({
      items: [
        [0x25, '00000011'],
        [0x2a, '0002'],
        [0x2b, '00640032'],
        [0x30, '1f'],
        [0x31, '0c'],
        [0x06, 'fff6'],
      ],
    });
    expect(msg).toMatchObject({ gsmSignal: 31, satellites: 12, temperature: -10 });
    expect(msg.attributes).toMatchObject({ signals: 0x11, io: 2, adc0: 0x32, adc1: 0x64 });
  });

  it('keeps unknown items raw and a standard item of the wrong length raw, position intact', () => {
    const msg = decodeLocation({
      items: [
        [0x99, 'abcdef'],
        [0x01, '0102'],
        [0x31, '07'],
      ],
    });
    expect(msg.attributes?.raw).toEqual({ '99': 'abcdef', '01': '0102' });
    expect(msg.mileage).toBeUndefined();
    expect(msg.satellites).toBe(7);
    // A truncated last item ends the list.
    const body = locationBody({ items: [[0x31, '05']] });
    const cut = Buffer.concat([body, Buffer.from([0x30, 0x04, 0x01])]);
    const result = decodeJt808Frame(frame(0x0200, cut), {}, NOW);
    expect(result.messages[0]).toMatchObject({ type: 'location', satellites: 5, valid: true });
  });
});

describe('JT/T 808 vendor extra items', () => {
  it('battery items: 0xE1/0xD4 level or charging, 0xE3, 0xE4, 0x56, 0xFE', () => {
    expect(decodeLocation({ items: [[0xe1, '4b']] }).battery).toBe(75);
    expect(decodeLocation({ items: [[0xd4, 'ff']] }).charging).toBe(true);
    const e3 = decodeLocation({ items: [[0xe3, '00 50 0190']] });
    expect(e3.battery).toBe(80);
    expect(e3.attributes).toMatchObject({ batteryVoltage: 4 });
    expect(decodeLocation({ items: [[0xe4, '00 5a']] })).toMatchObject({ battery: 90, charging: true });
    expect(decodeLocation({ items: [[0x56, '07 00']] }).battery).toBe(70);
    expect(decodeLocation({ items: [[0xfe, '21']] }).battery).toBe(33);
    expect(decodeLocation({ items: [[0xe1, 'c8']] }).battery).toBeUndefined();
  });

  it('external voltage: 0xE1 (2 bytes), 0xF1 (mV), 0x61, 0xD3, 0xEE', () => {
    expect(decodeLocation({ items: [[0xe1, '0078']] }).externalVoltage).toBe(12);
    expect(decodeLocation({ items: [[0xf1, '00005dc0']] }).externalVoltage).toBe(24);
    expect(decodeLocation({ items: [[0x61, '04b0']] }).externalVoltage).toBe(12);
    expect(decodeLocation({ items: [[0xd3, '00f0']] }).externalVoltage).toBe(24);
    const ee = decodeLocation({ items: [[0xee, '14 2ee0 0fa0 09']] });
    expect(ee).toMatchObject({ gsmSignal: 20, externalVoltage: 12, satellites: 9 });
  });

  it('ICCID (0xCC ASCII, BSJ 0xEB/0x00B2 BCD) and driver id (0xBD, 0xED, 4-byte 0xE1)', () => {
    expect(decodeLocation({ items: [[0xcc, ascii('89860412345678901234')]] }).iccid).toBe(
      '89860412345678901234',
    );
    const eb = decodeLocation({ items: [[0xeb, '000c 00b2 8986041234567890123f']] });
    expect(eb.iccid).toBe('8986041234567890123');
    expect(decodeLocation({ items: [[0xbd, ascii('D0042')]] }).driverId).toBe('D0042');
    expect(decodeLocation({ items: [[0xed, ascii('CARD 77 ')]] }).driverId).toBe('CARD 77');
    expect(decodeLocation({ items: [[0xe1, '0001e240']] }).driverId).toBe('123456');
  });

  it('fuel (0xE2) and temperatures (0x51, sign bit, 0xFFFF none)', () => {
    expect(decodeLocation({ items: [[0xe2, '000003e8']] }).fuel).toBe(100);
    const temps = decodeLocation({ items: [[0x51, '00fa 8064 ffff ffff ffff ffff ffff ffff']] });
    expect(temps.temperature).toBe(25);
    expect(temps.attributes).toMatchObject({ temp1: 25, temp2: -10 });
    expect(temps.attributes).not.toHaveProperty('temp3');
  });

  it('cell towers (0xE1, 0xF0, 0xEB) and Wi-Fi (0xEC, 0xF4); without a fix they make an lbs or wifi position', () => {
    const e1 = decodeLocation({ items: [[0xe1, '01cc 0000 00251c 0000a1b2 3c 00251d 0000a1b3 28']] });
    expect(e1.cells).toEqual([
      { mcc: 460, mnc: 0, lac: 0x251c, cid: 0xa1b2, rssi: 60 },
      { mcc: 460, mnc: 0, lac: 0x251d, cid: 0xa1b3, rssi: 40 },
    ]);
    expect(e1.positionType).toBe('gps');
    const f0 = decodeLocation({ status: 0x1, items: [[0xf0, '01cc 0001 0000beef 00001234 1e']] });
    expect(f0.cells).toEqual([{ mcc: 460, mnc: 1, cid: 0xbeef, lac: 0x1234, rssi: 30 }]);
    expect(f0).toMatchObject({ valid: false, positionType: 'lbs' });
    const eb = decodeLocation({ items: [[0xeb, '01cc 00 2a2b 1a1b 32 2a2c 1a1c 28']] });
    expect(eb.cells).toHaveLength(2);
    expect(eb.cells?.[0]).toEqual({ mcc: 460, mnc: 0, lac: 0x2a2b, cid: 0x1a1b, rssi: 50 });
    const ee = decodeLocation({ items: [[0xee, '01cc 01 262c 009a6743 1f']] });
    expect(ee.cells).toEqual([{ mcc: 460, mnc: 1, lac: 0x262c, cid: 0x9a6743, rssi: 31 }]);
    const wifi = decodeLocation({ status: 0x1, items: [[0xec, 'a0b1c2d3e4f5 c4 001122334455 b0']] });
    expect(wifi.wifi).toEqual([
      { mac: 'a0:b1:c2:d3:e4:f5', rssi: -60 },
      { mac: '00:11:22:33:44:55', rssi: -80 },
    ]);
    expect(wifi.positionType).toBe('wifi');
  });

  it('OBD items after 0x80: rpm, coolant, VIN, odometer, fuel level, fault codes', () => {
    const msg = decodeLocation({
      items: [
        [0x80, '01'],
        [0x81, '0bb8'],
        [0x84, '5a'],
        [0x8b, ascii('LSGJA52U47S123456')],
        [0x8c, '00002710'],
        [0x8e, '37'],
        [0xa0, ascii('P0300,U0100')],
      ],
    });
    expect(msg.attributes).toMatchObject({
      obd: 1,
      rpm: 3000,
      coolantTemp: 50,
      vin: 'LSGJA52U47S123456',
      obdOdometer: 1000,
      fuelPercent: 55,
      dtcs: 'P0300 U0100',
    });
  });

  it('the position record stores fuel, temperature, ICCID, driver, cells and raw items as attributes', () => {
    const msg = decodeLocation({
      items: [
        [0x02, '0064'],
        [0xcc, ascii('89860412345678901234')],
        [0xbd, ascii('D1')],
        [0xf0, '01cc 0001 0000beef 00001234 1e'],
        [0x99, '01'],
      ],
    });
    const record = toPositionRecord(7, msg, NOW);
    expect(record.attributes).toMatchObject({
      fuel: 10,
      iccid: '89860412345678901234',
      driverId: 'D1',
      cells: [{ mcc: 460, mnc: 1, cid: 0xbeef, lac: 0x1234, rssi: 30 }],
      raw: { '99': '01' },
    });
  });
});
