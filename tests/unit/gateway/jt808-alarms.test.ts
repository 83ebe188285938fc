import { describe, expect, it } from 'vitest';
import type { LocationMessage } from '../../../server/gateway/codec';
import {
  decodeJt808Frame,
  encodeJt808Terminal,
  JT808_ALARM_BITS,
  jt808Alarms,
} from '../../../server/gateway/jt808';
import { GATEWAY_ALARM_TYPES } from '../../../src/domain/alarm-types';
import { frame, locationBody, type LocationFields } from './jt808-builders';

const NOW = new Date('2025-11-26T10:00:00Z');

function decodeLocation(fields: LocationFields): LocationMessage {
  const result = decodeJt808Frame(frame(0x0200, locationBody(fields)), {}, NOW);
  expect(result.error).toBeUndefined();
  return result.messages[0] as LocationMessage;
}

/** JT/T 808-2013 table 24 as the standard words it (bits 15-17 reserved, used by vendors). */
const STANDARD: Record<number, string> = {
  0: 'sos',
  1: 'overspeed',
  2: 'fatigue',
  3: 'dangerWarning',
  4: 'fault',
  5: 'gpsAntennaCut',
  6: 'gpsAntennaShort',
  7: 'lowBattery',
  8: 'powerCut',
  9: 'fault',
  10: 'fault',
  11: 'fault',
  12: 'fault',
  13: 'overspeed',
  14: 'fatigue',
  15: 'vibration',
  16: 'tampering',
  17: 'tampering',
  18: 'fatigue',
  19: 'parking',
  20: 'geofence',
  21: 'geofence',
  22: 'routeDeviation',
  23: 'routeDeviation',
  24: 'fault',
  25: 'fuelAbnormal',
  26: 'theft',
  27: 'illegalIgnition',
  28: 'movement',
  29: 'collision',
  30: 'rollover',
  31: 'door',
};

describe('JT/T 808 alarm word', () => {
  it('maps each of the 32 bits, alone, to its alarm of the one vocabulary', () => {
    for (let bit = 0; bit < 32; bit++) {
      const msg = decodeLocation({ alarm: (1 << bit) >>> 0 });
      expect(msg.type, `bit ${bit}`).toBe('alarm');
      expect(msg.alarms, `bit ${bit}`).toEqual([STANDARD[bit]]);
      expect(msg.alarm).toBe(STANDARD[bit]);
    }
    expect(JT808_ALARM_BITS).toHaveLength(32);
    for (const [, name] of JT808_ALARM_BITS) expect(GATEWAY_ALARM_TYPES).toContain(name);
  });

  it('a word with several bits yields several alarms, in bit order, each name once', () => {
    // SOS, overspeed, power cut, both antenna faults, collision, door
    const word = 0b1 | 0b10 | 0x100 | 0x20 | 0x40 | (1 << 29) | (1 << 31);
    expect(jt808Alarms(word >>> 0)).toEqual([
      'sos',
      'overspeed',
      'gpsAntennaCut',
      'gpsAntennaShort',
      'powerCut',
      'collision',
      'door',
    ]);
    // Bits 9-12 are four module faults: one `fault`.
    expect(jt808Alarms(0x1e00)).toEqual(['fault']);
    const msg = decodeLocation({ alarm: 0x101 });
    expect(msg).toMatchObject({ type: 'alarm', alarm: 'sos', alarms: ['sos', 'powerCut'] });
  });

  it('2019 frames: bits 15-17 are illegal driving, tire pressure, right-turn blind spot; 31 reserved; status bits 6-7 warn', () => {
    const v2019 = { terminal: encodeJt808Terminal('13912345678', true), version: 1 };
    const decode2019 = (fields: LocationFields) =>
      decodeJt808Frame(frame(0x0200, locationBody(fields), 1, v2019), {}, NOW).messages[0] as LocationMessage;
    expect(decode2019({ alarm: 0x38000 }).alarms).toEqual(['dangerWarning', 'fault', 'blindSpot']);
    expect(decode2019({ alarm: 0x80000000 }).alarms).toBeUndefined();
    expect(decode2019({ status: 0x3 | 0x40 | 0x80 }).alarms).toEqual(['collision', 'laneChange']);
    // The same bits of a 2013 frame: the vendors' vibration and tampering, door; status bits 6-7 nothing.
    expect(decodeLocation({ alarm: 0x38000 }).alarms).toEqual(['vibration', 'tampering']);
    expect(decodeLocation({ status: 0x3 | 0x40 | 0x80 }).alarms).toBeUndefined();
  });

  it('no bit and no alarm item: a plain location', () => {
    const msg = decodeLocation({});
    expect(msg.type).toBe('location');
    expect(msg.alarm).toBeUndefined();
    expect(msg.alarms).toBeUndefined();
  });
});

describe('JT/T 808 alarm items', () => {
  it('0x12 gives the direction of an area or route alarm (0 in, 1 out)', () => {
    const enter = decodeLocation({ alarm: 1 << 20, items: [[0x12, '01 00000007 00']] });
    expect(enter.alarms).toEqual(['geofenceEnter']);
    expect(enter.attributes).toMatchObject({ areaType: 1, areaId: 7 });
    const exit = decodeLocation({ alarm: (1 << 21) | 1, items: [[0x12, '04 0000000a 01']] });
    expect(exit.alarms).toEqual(['sos', 'geofenceExit']);
    // The items explain alarm word bits; alone they raise nothing.
    expect(decodeLocation({ items: [[0x12, '02 00000003 01']] }).alarms).toBeUndefined();
    expect(decodeLocation({ items: [[0x11, '00']] }).alarms).toBeUndefined();
    expect(decodeLocation({ items: [[0x13, '00000005 012c 01']] }).alarms).toBeUndefined();
  });

  it('0x11 overspeed and 0x13 route time carry their places', () => {
    const speeding = decodeLocation({ alarm: 2, items: [[0x11, '01 00000009']] });
    expect(speeding.alarms).toEqual(['overspeed']);
    expect(speeding.attributes).toMatchObject({ overspeedAreaType: 1, overspeedAreaId: 9 });
    const route = decodeLocation({ alarm: 1 << 22, items: [[0x13, '00000005 012c 01']] });
    expect(route.alarms).toEqual(['routeDeviation']);
    expect(route.attributes).toMatchObject({ routeSegment: 5, routeSegmentTime: 300, routeSegmentResult: 1 });
  });

  it('JT/T 1078 0x14 video alarms and 0x18 abnormal driving', () => {
    const video = decodeLocation({ items: [[0x14, '00000001']] });
    expect(video.attributes).toMatchObject({ videoAlarm: 1 });
    expect(video.alarms).toEqual(['fault']);
    const driving = decodeLocation({ items: [[0x18, '0003 05']] });
    expect(driving.alarms).toEqual(['fatigue', 'distraction']);
    expect(driving.attributes).toMatchObject({ fatigueLevel: 5 });
  });

  /** An active-safety item: alarm id, flag, type, then filler standing for level, place and identification. */
  const safety = (flag: number, type: number, size = 47) =>
    Buffer.concat([Buffer.from([0, 0, 0, 0x2a, flag, type]), Buffer.alloc(size - 6, 0x11)]);

  it('active safety: ADAS 0x64, DSM 0x65, BSD 0x67 and intense driving 0x70', () => {
    expect(decodeLocation({ items: [[0x64, safety(1, 0x01)]] }).alarms).toEqual(['collision']);
    expect(decodeLocation({ items: [[0x64, safety(1, 0x02)]] }).alarms).toEqual(['laneChange']);
    expect(decodeLocation({ items: [[0x64, safety(0, 0x06)]] }).alarms).toEqual(['overspeed']);
    expect(decodeLocation({ items: [[0x65, safety(1, 0x01)]] }).alarms).toEqual(['fatigue']);
    expect(decodeLocation({ items: [[0x65, safety(1, 0x02)]] }).alarms).toEqual(['distraction']);
    expect(decodeLocation({ items: [[0x67, safety(1, 0x02)]] }).alarms).toEqual(['blindSpot']);
    expect(decodeLocation({ items: [[0x70, safety(1, 0x01, 30)]] }).alarms).toEqual(['hardAcceleration']);
    expect(decodeLocation({ items: [[0x70, safety(1, 0x02, 30)]] }).alarms).toEqual(['hardBraking']);
    expect(decodeLocation({ items: [[0x70, safety(1, 0x03, 30)]] }).alarms).toEqual(['hardCornering']);
    const adas = decodeLocation({ items: [[0x64, safety(1, 0x03)]] });
    expect(adas.attributes).toMatchObject({ adas: { type: 3, flag: 1, alarmId: 0x2a } });
  });

  it('an active-safety "alarm end" or an event type raises nothing new', () => {
    const ended = decodeLocation({ items: [[0x65, safety(2, 0x01)]] });
    expect(ended.type).toBe('location');
    expect(ended.attributes).toMatchObject({ dsm: { flag: 2, type: 1 } });
    // 0x10 road sign recognised, 0x11 active capture: events.
    expect(decodeLocation({ items: [[0x64, safety(0, 0x10)]] }).alarms).toBeUndefined();
  });

  it('the word and the items add up, without repeats', () => {
    const msg = decodeLocation({
      alarm: 0b11, // SOS, overspeed
      items: [
        [0x11, '00'],
        [0x70, safety(1, 0x02, 30)],
        [0x65, safety(1, 0x01)],
      ],
    });
    expect(msg.alarms).toEqual(['sos', 'overspeed', 'hardBraking', 'fatigue']);
  });
});

describe('JT/T 808 vendor alarm items', () => {
  it('0x57: bits 8-10 hard acceleration, braking, cornering', () => {
    const msg = decodeLocation({ items: [[0x57, '0700 0000 00000000']] });
    expect(msg.alarms).toEqual(['hardAcceleration', 'hardBraking', 'hardCornering']);
  });

  it('0xE7: bit 0 vibration, bits 1-3 SOS', () => {
    expect(decodeLocation({ items: [[0xe7, '0001 000000000000']] }).alarms).toEqual(['vibration']);
    expect(decodeLocation({ items: [[0xe7, '0004 000000000000']] }).alarms).toEqual(['sos']);
  });

  it('0xFE with mark 0x7C: an alarm word sub-item, then the battery', () => {
    const msg = decodeLocation({ items: [[0xfe, '7c 01 04 00000011 3c']] });
    expect(msg.alarms).toEqual(['hardAcceleration', 'tampering']);
    expect(msg.battery).toBe(60);
  });

  it('BSJ 0xEB sub-items 0x0089 and 0x00C5 are active low (power, fitted, vibration)', () => {
    const sub = (id: number, data: string) => {
      const d = Buffer.from(data, 'hex');
      const head = Buffer.alloc(4);
      head.writeUInt16BE(d.length + 2, 0);
      head.writeUInt16BE(id, 2);
      return Buffer.concat([head, d]);
    };
    const removed = decodeLocation({ alarm: 0x80, items: [[0xeb, sub(0x0089, 'ffffefff')]] });
    expect(removed.alarms).toEqual(['lowBattery', 'removing']);
    const shaken = decodeLocation({
      items: [[0xeb, Buffer.concat([sub(0x0089, 'ffffffff'), sub(0x00c5, 'ffffffbf')])]],
    });
    expect(shaken.alarms).toEqual(['vibration']);
    expect(decodeLocation({ items: [[0xeb, sub(0x0089, 'fffffffe')]] }).alarms).toEqual(['powerOff']);
  });

  it('Jimi/Concox 0xE8 events: SOS, towing, ACC; a 3-byte 0xE8 is a lock status', () => {
    expect(decodeLocation({ items: [[0xe8, '0c01 02 3131']] }).alarms).toEqual(['sos']);
    expect(decodeLocation({ items: [[0xe8, '0407']] }).alarms).toEqual(['tow']);
    const accOff = decodeLocation({ status: 0x3, items: [[0xe8, '0c04']] });
    expect(accOff.acc).toBe(false);
    const lock = decodeLocation({ items: [[0xe8, '000102']] });
    expect(lock.alarms).toBeUndefined();
    expect(lock.attributes).toMatchObject({ lockStatus: 0x102 });
  });
});
