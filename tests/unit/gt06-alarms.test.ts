import { describe, expect, it } from 'vitest';
import type { LocationMessage } from '../../server/gateway/codec';
import { decodeGt06Frame, gt06AlarmFromCode } from '../../server/gateway/gt06';
import { GATEWAY_ALARM_TYPES } from '../../src/domain/alarm-types';
import { bytes, cell2g, dateBytes, FIX, gps, NOW, packet, statusBytes } from './gt06-build';

const decode = (frame: Buffer) => {
  const result = decodeGt06Frame(frame, {}, NOW);
  expect(result.error).toBeUndefined();
  return { msg: result.messages[0] as LocationMessage, result };
};

/** 0x16 as the GT06N document lays it out: GPS, LBS with its length byte, status bytes. */
const alarm16 = (info: number, code: number) =>
  packet(0x16, bytes(gps(), [0x09], cell2g(460, 0, 0x287d, 0x1fb8), statusBytes(info, 0x04, 0x03, code)));

describe('GT06 alarm codes', () => {
  it.each([
    [0x01, 'sos'],
    [0x02, 'powerCut'],
    [0x03, 'vibration'],
    [0x04, 'geofenceEnter'],
    [0x05, 'geofenceExit'],
    [0x06, 'overspeed'],
    [0x09, 'vibration'],
    [0x0e, 'lowBattery'],
    [0x11, 'powerOff'],
    [0x13, 'tampering'],
    [0x14, 'door'],
    [0x18, 'removing'],
    [0x19, 'lowBattery'],
    [0x1a, 'hardBraking'],
    [0x1b, 'hardCornering'],
    [0x23, 'fallDown'],
    [0x26, 'hardAcceleration'],
    [0x27, 'hardBraking'],
    [0x2c, 'accident'],
    [0x30, 'jamming'],
    [0x53, 'fuelAbnormal'],
    [0x5b, 'temperature'],
    [0xc9, 'idle'],
  ])('0x16 with code 0x%s raises %s', (code, alarm) => {
    const { msg, result } = decode(alarm16(0x06, code));
    expect(msg).toMatchObject({
      type: 'alarm',
      alarm,
      alarms: [alarm],
      valid: true,
      battery: 67,
      gsmSignal: 3,
    });
    expect(result.locationAck).toBe(true);
  });

  it('maps only onto names of the one vocabulary', () => {
    for (let code = 0; code <= 0x1ff; code++) {
      const alarm = gt06AlarmFromCode(code);
      if (alarm) expect(GATEWAY_ALARM_TYPES).toContain(alarm);
    }
  });

  it('a code 0 and no info bits is a plain location', () => {
    expect(decode(alarm16(0x06, 0x00)).msg).toMatchObject({ type: 'location' });
    expect(decode(alarm16(0x06, 0x00)).msg.alarm).toBeUndefined();
  });
});

describe('GT06 frames with several alarms', () => {
  it('keeps the alarm code and the info-byte alarm bits, each once', () => {
    // Info bits 3-5 = 010 (power cut), code 0x1A (hard braking).
    const { msg } = decode(alarm16(0x10, 0x1a));
    expect(msg.alarms).toEqual(['hardBraking', 'powerCut']);
    expect(msg.alarm).toBe('hardBraking');
    expect(decode(alarm16(0x10, 0x02)).msg.alarms).toEqual(['powerCut']);
  });

  it('puts an SOS first whichever byte carries it', () => {
    expect(decode(alarm16(0x20, 0x03)).msg.alarms).toEqual(['sos', 'vibration']);
    expect(decode(alarm16(0x08, 0x01)).msg.alarms).toEqual(['sos', 'vibration']);
  });

  it('reads the info-byte fence (110) and removal (111) bits', () => {
    expect(decode(alarm16(0x30, 0x00)).msg.alarms).toEqual(['geofence']);
    expect(decode(alarm16(0x38, 0x00)).msg.alarms).toEqual(['removing']);
  });
});

describe('GT06 alarm packets', () => {
  it('0x27: the language high nibble widens the code (0x0107 jamming); the fence number follows', () => {
    const body = bytes(gps(), [0x09], cell2g(460, 0, 1, 2), [0x06, 0x04, 0x03, 0x07, 0x12, 0x05]);
    const { msg } = decode(packet(0x27, body));
    expect(msg).toMatchObject({ alarm: 'jamming', attributes: { fence: 5 } });
  });

  it('0x19: an LBS alarm without GPS is an invalid lbs position with the alarm', () => {
    const { msg, result } = decode(
      packet(0x19, bytes(cell2g(460, 0, 0x287d, 0x1fb8), statusBytes(0x06, 4, 3, 0x01))),
    );
    expect(msg).toMatchObject({ type: 'alarm', alarm: 'sos', valid: false, positionType: 'lbs' });
    expect(msg.cells).toEqual([{ mcc: 460, mnc: 0, lac: 0x287d, cid: 0x1fb8 }]);
    expect(result.locationAck).toBe(true);
  });

  it('0xA4 (4G, fence number): a length-prefixed 4G cell, then status and the fence', () => {
    const cell = bytes([16], [0x01, 0xcc, 0x00], [0, 0, 0x28, 0x66], [0, 0, 0, 1, 0, 0, 0, 2]);
    const body = bytes(gps({ valid: false }), cell, [0x46, 0x05, 0x04, 0x05, 0x02, 0x03]);
    const { msg } = decode(packet(0xa4, body));
    expect(msg).toMatchObject({ alarm: 'geofenceExit', attributes: { fence: 3 }, positionType: 'lbs' });
    expect(msg.cells).toEqual([{ mcc: 460, mnc: 0, lac: 0x2866, cid: 2 ** 32 + 2 }]);
  });

  it('0x16 of TRX16i (length 0x2D): its own codes, then language and the RFID card', () => {
    const body = bytes(
      gps(),
      [0x09],
      cell2g(460, 0, 1, 2),
      [0x06, 0x04, 0x03, 0x0e],
      [0x02],
      [0, 0, 0, 0, 0x12, 0x34, 0x56, 0x78],
    );
    expect(body.length + 5).toBe(0x2d);
    expect(decode(packet(0x16, body)).msg).toMatchObject({ alarm: 'lowPower', driverId: '0000000012345678' });
  });

  it('0x95 (JC100): event with a fix without satellites and speed', () => {
    const block = gps();
    const noSatSpeed = bytes(block.subarray(0, 6), block.subarray(7, 15), block.subarray(16, 18));
    const { msg, result } = decode(packet(0x95, bytes(noSatSpeed, [0x91, 0x00, 0x00])));
    expect(msg).toMatchObject({ alarm: 'hardBraking', valid: true, latitude: FIX.lat, speed: 0 });
    expect(result.locationAck).toBe(true);
  });

  it('0x95 short form: a time and the event, an unspecified alarm for code 1', () => {
    const { msg } = decode(packet(0x95, bytes(dateBytes(FIX.time), [0x01])));
    expect(msg).toMatchObject({ alarm: 'general', valid: false, time: FIX.time });
  });

  it('0x95 (JC400): marker, version, a fix with a two-byte speed after the course, power', () => {
    const block = gps();
    const fix = bytes(block.subarray(0, 15), block.subarray(16, 18), [0x00, 0x50]);
    const { msg } = decode(packet(0x95, bytes([0xff, 0xff, 0x01], fix, [0x00, 0x78], [0x88, 0, 0])));
    expect(msg).toMatchObject({ alarm: 'powerCut', speed: 80, externalVoltage: 12, latitude: FIX.lat });
  });

  it('0x33 in the 7979 form (AZ735): no GPS, a cell, a door alarm; acked in the 7979 form', () => {
    const body = bytes(dateBytes(FIX.time), [0], [9], cell2g(460, 0, 5, 6), [70], [0], [0], [0xa5], [0]);
    const { msg, result } = decode(packet(0x33, body, 4, true));
    expect(msg).toMatchObject({ alarm: 'door', valid: false, positionType: 'lbs', time: FIX.time });
    expect(result.reply?.subarray(0, 2).toString('hex')).toBe('7979');
  });

  it('0xA9: cells, an empty Wi-Fi list, then the alarm code', () => {
    const cells = bytes([0], [1], [0x00, 0x10, 0x00, 0x00, 0x20, 40]);
    const body = bytes(dateBytes(FIX.time), [0x01, 0xcc, 0x00], cells, [0], [0], [0x02, 0x02]);
    expect(decode(packet(0xa9, body)).msg).toMatchObject({ alarm: 'powerCut' });
  });

  it('0x70: the event module raises its alarm', () => {
    const event = bytes([0x00, 0x34, 0x00, 0x06], [0x12], [0, 0, 0, 0], [0]);
    expect(decode(packet(0x70, event)).msg).toMatchObject({ alarm: 'removing', valid: false });
  });
});
