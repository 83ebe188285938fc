import { describe, expect, it } from 'vitest';
import { crc16x25, decodeGt06Frame, encodeGt06Ack, parseGt06Frame } from '../../server/gateway/gt06';
import { gt06Location4g } from '../../server/sim/gt06-frames';
import { bytes, cell2g, dateBytes, FIX, gps, NOW, packet, statusBytes } from './gt06-build';

const reply = (frame: Buffer) => decodeGt06Frame(frame, {}, NOW);

describe('GT06 replies', () => {
  it('answers the GT06N document login example with its documented ack and CRC', () => {
    // GT06N protocol document, login packet and server response.
    const login = Buffer.from('78780D01012345678901234500018CDD0D0A', 'hex');
    expect(parseGt06Frame(login).crcOk).toBe(true);
    expect(reply(login).reply?.toString('hex')).toBe('787805010001d9dc0d0a');
  });

  it('acks each position packet with its protocol number and serial, CRC over length to serial', () => {
    for (const [protocol, body] of [
      [0x10, gps()],
      [0x1e, gps()],
      [0x28, bytes(dateBytes(FIX.time), [0x01, 0xcc, 0x00], Buffer.alloc(7 * 6), [0])],
      [0x16, bytes(gps(), [0x09], cell2g(460, 0, 1, 2), statusBytes(0, 4, 3, 1))],
      [0x27, bytes(gps(), [0x09], cell2g(460, 0, 1, 2), statusBytes(0, 4, 3, 1), [1])],
    ] as const) {
      const ack = reply(packet(protocol, body, 0x1234)).reply!;
      expect(ack).toEqual(encodeGt06Ack(protocol, 0x1234));
      expect(ack.subarray(0, 6).toString('hex')).toBe(`787805${protocol.toString(16).padStart(2, '0')}1234`);
      expect(ack.readUInt16BE(6)).toBe(crc16x25(ack, 2, 6));
    }
  });

  it('marks alarm acks as sent by default and plain location acks as the model’s choice', () => {
    expect(
      reply(packet(0x16, bytes(gps(), [0x09], cell2g(460, 0, 1, 2), statusBytes(0, 4, 3, 1)))).locationAck,
    ).toBe(true);
    expect(reply(gt06Location4g(FIX, { acc: false, mileageKm: 0 }, 1)).locationAck).toBe(false);
    expect(reply(packet(0x95, bytes(dateBytes(FIX.time), [0x80]))).locationAck).toBe(true);
  });

  it('acks the 7979 AZ735 packets in the 7979 form', () => {
    const body = bytes(dateBytes(FIX.time), [0], [0], [0], [0], [0xa0], [0]);
    const ack = reply(packet(0x32, body, 7, true)).reply!;
    expect(ack).toEqual(encodeGt06Ack(0x32, 7, true));
    expect(ack.toString('hex').startsWith('7979000532')).toBe(true);
  });

  it('answers a 0x8A time request with the UTC time and no reply to 0x94', () => {
    expect(reply(packet(0x8a, Buffer.alloc(0), 6)).reply?.subarray(4, 10)).toEqual(dateBytes(NOW));
    expect(reply(packet(0x94, bytes([0x00], [0x04, 0xb0]), 1, true)).reply).toBeNull();
  });
});
