import { describe, expect, it } from 'vitest';
import type { LocationMessage } from '../../server/gateway/codec';
import { decodeGt06Frame, encodeGt06Ack } from '../../server/gateway/gt06';
import { toPositionRecord } from '../../server/gateway/runtime/position-record';
import { bcd, bytes, cell4g, dateBytes, FIX, gps, NOW, packet } from './gt06-build';

const decode = (frame: Buffer) => {
  const result = decodeGt06Frame(frame, {}, NOW);
  expect(result.error).toBeUndefined();
  return { msg: result.messages[0] as LocationMessage, result };
};

/** A neighbour cell of the multi-LBS packets: LAC (2), cell id (3), signal (1). */
const cell = (lac: number, cid: number, rssi: number) =>
  Buffer.from([lac >> 8, lac & 0xff, cid >> 16, (cid >> 8) & 0xff, cid & 0xff, rssi]);
const mac = (last: number) => [0x00, 0x1a, 0x2b, 0x3c, 0x4d, last];

describe('GT06 LBS and Wi-Fi packets', () => {
  it('0x28: seven cells, the empty ones left out, as an invalid lbs position at the device time', () => {
    const cells = [cell(0x287d, 0x1fb8, 60), cell(0x287d, 0x1fb9, 70), ...Array(5).fill(cell(0, 0, 0))];
    const { msg, result } = decode(
      packet(0x28, bytes(dateBytes(FIX.time), [0x01, 0xcc, 0x00], ...cells, [0xff])),
    );
    expect(msg).toMatchObject({ type: 'location', valid: false, positionType: 'lbs', time: FIX.time });
    expect(msg.cells).toEqual([
      { mcc: 460, mnc: 0, lac: 0x287d, cid: 0x1fb8, rssi: -60 },
      { mcc: 460, mnc: 0, lac: 0x287d, cid: 0x1fb9, rssi: -70 },
    ]);
    expect(result.reply).toEqual(encodeGt06Ack(0x28, 1));
    expect(result.locationAck).toBe(false);
  });

  it('0x2C: cells, then the access points with their signal, as a wifi position', () => {
    const cells = Array(7).fill(cell(0x10, 0x20, 50));
    const wifi = bytes([2], mac(1), [55], mac(2), [66]);
    const { msg } = decode(
      packet(0x2c, bytes(dateBytes(FIX.time), [0x01, 0xcc, 0x00], ...cells, [0x00], wifi)),
    );
    expect(msg.positionType).toBe('wifi');
    expect(msg.wifi).toEqual([
      { mac: '00:1a:2b:3c:4d:01', rssi: -55 },
      { mac: '00:1a:2b:3c:4d:02', rssi: -66 },
    ]);
    expect(msg.cells).toHaveLength(7);
  });

  it('0xA1 (4G): four-byte LACs and eight-byte cell ids', () => {
    const big = (lac: number, cid: number) => bytes(cell4g(0, 0, lac, cid).subarray(3), [80]);
    const cells = [big(0x1234, 2 ** 36 + 5), ...Array(6).fill(big(0, 0))];
    const { msg } = decode(packet(0xa1, bytes(dateBytes(FIX.time), [0x01, 0xcc, 0x01], ...cells, [0x00])));
    expect(msg.cells).toEqual([{ mcc: 460, mnc: 1, lac: 0x1234, cid: 2 ** 36 + 5, rssi: -80 }]);
  });

  it('0x69: BCD time, access points counted by the length byte, cells; answered with the time', () => {
    const time = [26, 3, 4, 5, 0, 0].map(bcd);
    const content = bytes(
      time,
      mac(7),
      [40],
      mac(8),
      [50],
      [1],
      [0x01, 0xcc, 0x00],
      [0x28, 0x7d, 0x1f, 0xb8, 61],
    );
    // The length byte carries the access point count; there is no serial and no CRC.
    const frame = bytes([0x78, 0x78, 2, 0x69], content, [0x0d, 0x0a]);
    const { msg, result } = decode(frame);
    expect(msg).toMatchObject({ valid: false, positionType: 'wifi', time: FIX.time });
    expect(msg.wifi?.map((w) => w.mac)).toEqual(['00:1a:2b:3c:4d:07', '00:1a:2b:3c:4d:08']);
    expect(msg.cells).toEqual([{ mcc: 460, mnc: 0, lac: 0x287d, cid: 0x1fb8, rssi: -61 }]);
    expect(result.reply?.toString('hex')).toBe(`78780069${Buffer.from(time).toString('hex')}0d0a`);
  });

  it('stores the cells and access points in the position attributes', () => {
    const cells = Array(7).fill(cell(0x10, 0x20, 50));
    const wifi = bytes([1], mac(3), [44]);
    const { msg } = decode(
      packet(0x2c, bytes(dateBytes(FIX.time), [0x01, 0xcc, 0x00], ...cells, [0x00], wifi)),
    );
    const record = toPositionRecord(1, msg, NOW);
    expect(record).toMatchObject({ valid: false, positionType: 'wifi', lat: 0, lon: 0 });
    expect(record.attributes).toMatchObject({ invalid: 'noFix', cells: msg.cells, wifi: msg.wifi });
  });

  it('0x24 of SR411 mini (length 0x2E): GPS, a cell, ACC and two voltages', () => {
    const body = bytes(gps(), [0x01, 0xcc, 0x00, 0x00, 0x10, 0x00, 0x00, 0x20], [1, 0x04, 0xb0, 0x01, 0x90]);
    const padded = bytes(body, Buffer.alloc(0x2e - 5 - body.length));
    const { msg } = decode(packet(0x24, padded));
    expect(msg).toMatchObject({
      valid: true,
      acc: true,
      externalVoltage: 12,
      attributes: { batteryVoltage: 4 },
    });
  });

  it('keeps an eight-byte cell id exact above 2^32 (0xA5, 4G LBS alarm)', () => {
    const { msg } = decode(
      packet(0xa5, bytes(cell4g(460, 0, 7, 2 ** 40 + 1), [0x00, 0x06, 0x04, 0x01, 0x02])),
    );
    expect(msg.cells?.[0].cid).toBe(2 ** 40 + 1);
  });
});
