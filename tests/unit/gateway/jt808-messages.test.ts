import { describe, expect, it } from 'vitest';
import type { CodecSession, LocationMessage } from '../../../server/gateway/codec';
import { decodeJt808Frame, parseJt808Frame } from '../../../server/gateway/jt808';
import { DEFAULT_FIX, frame, hex, locationBody, TERMINAL } from './jt808-builders';

const NOW = new Date('2025-11-26T10:00:00Z');

function decode(f: Buffer, session: CodecSession = {}, now = NOW) {
  const result = decodeJt808Frame(f, session, now);
  expect(result.error).toBeUndefined();
  return result;
}

function replyOf(reply: Buffer | null) {
  expect(reply).not.toBeNull();
  const parsed = parseJt808Frame(reply!);
  expect(parsed.checkOk).toBe(true);
  return parsed;
}

describe('JT/T 808 0x0109 time request', () => {
  it('is answered with 0x8109: UTC year, month, day, hour, minute, second, result 0', () => {
    const at = new Date('2026-03-04T05:06:07Z');
    const result = decode(frame(0x0109, Buffer.alloc(0), 12), {}, at);
    expect(result.messages[0]).toMatchObject({ type: 'timeRequest', messageId: 0x0109 });
    const reply = replyOf(result.reply);
    expect(reply.header.messageId).toBe(0x8109);
    expect(reply.header.terminal.equals(TERMINAL.terminal)).toBe(true);
    expect(reply.body.toString('hex')).toBe('07ea' + '03' + '04' + '05' + '06' + '07' + '00');
  });
});

describe('JT/T 808 0x0210', () => {
  it('is a batch of 0x0200 bodies, each behind a 1-byte length, acked like a position', () => {
    const a = locationBody({ speed: 10 });
    const b = locationBody({ alarm: 1, speed: 20 });
    const body = Buffer.concat([Buffer.of(a.length), a, Buffer.of(b.length), b]);
    const result = decode(frame(0x0210, body, 5));
    expect(result.locationAck).toBe(true);
    expect(result.messages).toHaveLength(2);
    expect(result.messages[0]).toMatchObject({ type: 'location', speed: 10, time: DEFAULT_FIX });
    expect(result.messages[1]).toMatchObject({ type: 'alarm', alarm: 'sos', speed: 20 });
    const reply = replyOf(result.reply);
    expect(reply.body.toString('hex')).toBe('0005' + '0210' + '00');
  });

  it('a 7-byte 0x0210 is a battery level and a time, a status without a position', () => {
    const result = decode(frame(0x0210, hex('55 251126173000'), 6));
    expect(result.messages).toEqual([expect.objectContaining({ type: 'status', battery: 0x55 })]);
    expect(result.locationAck).toBeUndefined();
    expect(replyOf(result.reply).header.messageId).toBe(0x8001);
  });
});

describe('JT/T 808 0x0900 transparent data with a position', () => {
  /** Status word (ACC, fix), latitude, longitude: the tail of the 0xF0 sub-types. */
  const place = '00000003 01580f48 06cc5c38';

  it('0xF0 sub-type 0x01: OBD data stream, then the place', () => {
    const body = hex(
      'f0 251126173000 00 01 01 03' + // time, not archived, vehicle type, sub-type, 3 values
        '0102 04 00002710' + // odometer 1000.0 km
        '0536 02 0bb8' + // rpm 3000
        '052d 01 5a' + // coolant 50 C
        place,
    );
    const result = decode(frame(0x0900, body, 7));
    const msg = result.messages[0] as LocationMessage;
    expect(msg).toMatchObject({
      type: 'location',
      time: DEFAULT_FIX,
      valid: true,
      latitude: 22.548296,
      longitude: 114.056248,
      mileage: 1000,
      acc: true,
    });
    expect(msg.attributes).toMatchObject({ rpm: 3000, coolantTemp: 50 });
    expect(result.locationAck).toBe(true);
    expect(replyOf(result.reply).body.toString('hex')).toBe('0007090000');
  });

  it('0xF0 sub-type 0x03: alarm ids (hard braking, door), archived', () => {
    const body = hex('f0 251126173000 01 01 03 02 1b 00 31 01 00' + place);
    const msg = decode(frame(0x0900, body)).messages[0] as LocationMessage;
    expect(msg).toMatchObject({ type: 'alarm', alarms: ['hardBraking', 'door'], archived: true });
  });

  it('0xFF: time, signed latitude and longitude, altitude, speed, course', () => {
    const body = hex('ff 251126173000 feb7efa0 06cc5c38 0010 01f4 005a');
    const msg = decode(frame(0x0900, body)).messages[0] as LocationMessage;
    expect(msg).toMatchObject({
      latitude: -21.5,
      longitude: 114.056248,
      altitude: 16,
      speed: 50,
      course: 90,
    });
  });

  it('other types and short bodies are answered and stored as nothing', () => {
    for (const body of ['41 2c31', 'f0 2511', 'ff 2511261730']) {
      const result = decode(frame(0x0900, hex(body)));
      expect(result.messages[0]).toMatchObject({ type: 'unknown' });
      expect(replyOf(result.reply).header.messageId).toBe(0x8001);
    }
  });
});

describe('Jointech 0x5501 / 0x5502', () => {
  // 26/11/25 09:30:00 UTC, 22°32.5678' N, 114°03.1234' E (flags 7: valid, north, east), 30 knots,
  // course 45*2, signal 28, 8 satellites, 100 km, battery 85 %, cell 0x1234 / LAC 0x5678, product 3,
  // status 0x0020 (locked), alarm bits 0 and 3 (overspeed, low battery), item 0x02 altitude 50 m.
  const body = hex(
    '261125 093000 22325678 1140312347 30 2d 1c 08 00000064 55 00001234 5678 03 0020 0009 0202 0032',
  );
  const raw = (id: number, replyWanted: boolean) => {
    // 1-byte serial header; property bit 15 asks for the 0x4401 answer.
    const head = Buffer.alloc(11);
    head.writeUInt16BE(id, 0);
    head.writeUInt16BE(body.length | (replyWanted ? 0x8000 : 0), 2);
    TERMINAL.terminal.copy(head, 4);
    head[10] = 0x21;
    const inner = Buffer.concat([head, body]);
    const check = inner.reduce((x, b) => x ^ b, 0);
    return Buffer.concat([hex('7e'), inner, Buffer.of(check), hex('7e')]);
  };

  it('decodes the JT600 binary position and the status after it, answering 0x4401 when asked', () => {
    const result = decode(raw(0x5501, true));
    const msg = result.messages[0] as LocationMessage;
    expect(msg).toMatchObject({
      type: 'alarm',
      serial: 0x21,
      time: new Date('2025-11-26T09:30:00Z'),
      valid: true,
      speed: 55.6,
      course: 90,
      altitude: 50,
      gsmSignal: 28,
      satellites: 8,
      mileage: 100,
      battery: 85,
      fuelCut: true,
      alarms: ['overspeed', 'lowBattery'],
    });
    expect(msg.latitude).toBeCloseTo(22 + 32.5678 / 60, 6);
    expect(msg.longitude).toBeCloseTo(114 + 3.1234 / 60, 6);
    expect(msg.archived).toBeUndefined();
    const reply = replyOf(result.reply);
    expect(reply.header.messageId).toBe(0x4401);
    expect(reply.body.toString('hex')).toBe('5501' + '00');
  });

  it('0x5502 is a stored (blind area) report; without bit 15 no answer goes out', () => {
    const result = decode(raw(0x5502, false));
    expect(result.messages[0]).toMatchObject({ archived: true, valid: true });
    expect(result.reply).toBeNull();
  });

  it('properties bits 10-13 are Jointech flags here, not encryption nor sub-packages', () => {
    const f = raw(0x5501, true);
    f[3] |= 0x3c; // bits 10-13 of the properties word (escaping cannot occur in this byte)
    f[f.length - 2] ^= 0x3c;
    const result = decode(f);
    expect(result.messages[0]).toMatchObject({ type: 'alarm', checksumOk: true, battery: 85 });
  });
});

describe('JT/T 808 status without a position', () => {
  it('a heartbeat with a body carries battery and signal; an empty one nothing', () => {
    const full = decode(frame(0x0002, hex('50 1a 01')));
    expect(full.messages[0]).toMatchObject({ type: 'heartbeat', battery: 80, gsmSignal: 26 });
    expect(replyOf(full.reply).header.messageId).toBe(0x8001);
    expect(decode(frame(0x0002, Buffer.alloc(0))).messages[0]).not.toHaveProperty('battery');
  });

  it('0x0506 is a heartbeat too; 0x2070 acceleration samples (sign and magnitude) are a status', () => {
    expect(decode(frame(0x0506, Buffer.alloc(0))).messages[0]).toMatchObject({ type: 'heartbeat' });
    const samples = decode(frame(0x2070, hex('251126173000 000e 802d 0100 251126173001 8001 0002 0003')));
    expect(samples.messages[0]).toMatchObject({
      type: 'status',
      attributes: {
        gSensor: [
          [14, -45, 256],
          [-1, 2, 3],
        ],
      },
    });
    expect(replyOf(samples.reply).header.messageId).toBe(0x8001);
  });

  it('0x0107 terminal attributes give the ICCID (2013 field widths)', () => {
    const body = Buffer.concat([
      hex('0006'), // terminal type
      Buffer.from('MAKER', 'latin1'),
      Buffer.alloc(20, 0x20), // model
      Buffer.alloc(7, 0x30), // terminal id
      hex('89860412345678901234'), // ICCID, BCD
      hex('02 5631 02 5632'), // hardware and firmware versions
    ]);
    const result = decode(frame(0x0107, body));
    expect(result.messages[0]).toMatchObject({ type: 'status', iccid: '89860412345678901234' });
  });

  it('0x0702 driver identity: the certificate code of an inserted card is the driver id', () => {
    const name = Buffer.from('c0eecbc4', 'hex'); // 李四 in GBK
    const body = Buffer.concat([
      hex('01 251126173000 00'),
      Buffer.of(name.length),
      name,
      Buffer.from('110101199001011234  ', 'latin1'),
      hex('04'),
      Buffer.from('ABCD', 'latin1'),
      hex('20301231'),
    ]);
    const msg = decode(frame(0x0702, body)).messages[0];
    expect(msg).toMatchObject({
      type: 'status',
      driverId: '110101199001011234',
      attributes: { driverName: '李四' },
    });
    const out = decode(frame(0x0702, hex('02 251126173000'))).messages[0];
    expect(out).toMatchObject({ type: 'status' });
    expect(out).not.toHaveProperty('driverId');
  });

  it('an 18-byte tail that is not items: odometer, battery voltage, signal', () => {
    const tail = hex('00000000 00000457 0026 00000003 14 000000');
    const msg = decode(frame(0x0200, Buffer.concat([locationBody(), tail]))).messages[0];
    expect(msg).toMatchObject({
      mileage: 1111,
      gsmSignal: 20,
      attributes: { batteryVoltage: 3.8, areaId: 3 },
    });
  });
});
