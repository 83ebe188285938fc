import { describe, expect, it } from 'vitest';
import type { LocationMessage } from '../../../server/gateway/codec';
import { buildJt808Frame, decodeJt808Frame, encodeJt808Terminal } from '../../../server/gateway/jt808';
import { decodeTpmsItem } from '../../../server/gateway/jt808/tpms';

const NOW = new Date('2024-05-06T07:08:09Z');
const TARGET = { terminal: encodeJt808Terminal('13511221122') };

interface Wheel {
  position: number;
  type: number;
  kpa: number;
  celsius: number;
  battery: number;
}

/** The value of a 0x66 item, laid out field by field as the Su-biao table gives it. */
function tpmsValue(wheels: Wheel[], o: { identification?: 16 | 40; time?: string; alarmId?: number } = {}) {
  const idLength = o.identification ?? 16;
  const head = Buffer.alloc(24);
  head.writeUInt32BE(o.alarmId ?? 7, 0); // alarm id
  head[4] = 1; // flag: start
  head[5] = 62; // speed km/h
  head.writeUInt16BE(48, 6); // altitude
  head.writeUInt32BE(39_912_345, 8); // latitude
  head.writeUInt32BE(116_401_234, 12); // longitude
  Buffer.from(o.time ?? '240506150809', 'hex').copy(head, 16); // 15:08:09 GMT+8 = 07:08:09Z
  head.writeUInt16BE(0x0001, 22); // vehicle status
  // Identification: terminal id, time, serial, attachment count, reserved.
  const ident = Buffer.alloc(idLength);
  const idChars = idLength === 16 ? 7 : 30;
  ident.write('T123456'.padEnd(idChars, '\0'), 0, 'latin1');
  Buffer.from('240506150809', 'hex').copy(ident, idChars);
  ident[idChars + 6] = 3;
  ident[idChars + 7] = 0;
  const events = wheels.map((w) => {
    const e = Buffer.alloc(9);
    e[0] = w.position;
    e.writeUInt16BE(w.type, 1);
    e.writeUInt16BE(w.kpa, 3);
    e.writeUInt16BE(w.celsius & 0xffff, 5);
    e.writeUInt16BE(w.battery, 7);
    return e;
  });
  return Buffer.concat([head, ident, Buffer.of(wheels.length), ...events]);
}

const FOUR: Wheel[] = [
  { position: 0, type: 0x0001, kpa: 235, celsius: 31, battery: 88 },
  { position: 1, type: 0x0001, kpa: 238, celsius: 32, battery: 90 },
  { position: 2, type: 0x0004 | 0x0040, kpa: 172, celsius: 35, battery: 86 },
  { position: 3, type: 0x0001, kpa: 241, celsius: 30, battery: 15 },
];

/** A 0x0200 frame with the given extra items (id, value) after the fixed 28 bytes. */
function locationFrame(items: Array<[number, Buffer]>) {
  const b = Buffer.alloc(28);
  b.writeUInt32BE(0x02, 4); // status: fixed
  b.writeUInt32BE(39_912_345, 8);
  b.writeUInt32BE(116_401_234, 12);
  b.writeUInt16BE(620, 18);
  Buffer.from('240506150809', 'hex').copy(b, 22);
  const extras = items.map(([id, v]) => Buffer.concat([Buffer.of(id, v.length), v]));
  return buildJt808Frame(0x0200, Buffer.concat([b, ...extras]), TARGET, 1);
}

function decodeLocation(frame: Buffer) {
  const result = decodeJt808Frame(frame, {}, NOW);
  expect(result.error).toBeUndefined();
  return result.messages[0] as LocationMessage;
}

describe('JT/T 808 item 0x66 (tire pressure monitoring)', () => {
  it('reads the Su-biao layout: 16-byte identification, four wheels', () => {
    const report = decodeTpmsItem(tpmsValue(FOUR), 480)!;
    expect(report).toMatchObject({ alarmId: 7, flag: 1 });
    expect(report.time!.toISOString()).toBe('2024-05-06T07:08:09.000Z');
    expect(report.events).toEqual([
      { position: 0, eventType: 1, pressureKpa: 235, temperatureC: 31, batteryPct: 88 },
      { position: 1, eventType: 1, pressureKpa: 238, temperatureC: 32, batteryPct: 90 },
      { position: 2, eventType: 0x44, pressureKpa: 172, temperatureC: 35, batteryPct: 86 },
      { position: 3, eventType: 1, pressureKpa: 241, temperatureC: 30, batteryPct: 15 },
    ]);
  });

  it('reads the Guangdong layout: 40-byte identification, six wheels', () => {
    const six = [0, 1, 2, 3, 4, 5].map((position) => ({
      position,
      type: 1,
      kpa: 240 + position,
      celsius: 40,
      battery: 70,
    }));
    const value = tpmsValue(six, { identification: 40 });
    expect(value.length).toBe(24 + 40 + 1 + 6 * 9);
    const report = decodeTpmsItem(value, 480)!;
    expect(report.events.map((e) => [e.position, e.pressureKpa])).toEqual(
      six.map((w) => [w.position, w.kpa]),
    );
  });

  it('gives no value for 0xFFFF, a percentage over 100 or a negative temperature as signed', () => {
    const value = tpmsValue([
      { position: 0, type: 0x10, kpa: 0xffff, celsius: 0xffff, battery: 0xffff },
      { position: 1, type: 1, kpa: 230, celsius: -12, battery: 250 },
    ]);
    expect(decodeTpmsItem(value, 480)!.events).toEqual([
      { position: 0, eventType: 0x10, pressureKpa: null, temperatureC: null, batteryPct: null },
      { position: 1, eventType: 1, pressureKpa: 230, temperatureC: -12, batteryPct: null },
    ]);
  });

  it('keeps an impossible report time as null', () => {
    expect(decodeTpmsItem(tpmsValue(FOUR, { time: '241306150809' }), 480)!.time).toBeNull();
  });

  it('refuses items that are truncated, padded or whose count does not match', () => {
    const value = tpmsValue(FOUR);
    for (const n of [0, 10, 24, 40, 41, value.length - 1, value.length - 9]) {
      expect(decodeTpmsItem(value.subarray(0, n), 480), `length ${n}`).toBeNull();
    }
    expect(decodeTpmsItem(Buffer.concat([value, Buffer.of(0)]), 480)).toBeNull();
    const wrongCount = Buffer.from(value);
    wrongCount[40] = 5;
    expect(decodeTpmsItem(wrongCount, 480)).toBeNull();
    const none = tpmsValue([]);
    expect(decodeTpmsItem(none, 480)!.events).toEqual([]);
  });

  it('puts the report on the position beside the other extras', () => {
    const mileage = Buffer.alloc(4);
    mileage.writeUInt32BE(12345, 0);
    const loc = decodeLocation(
      locationFrame([
        [0x01, mileage],
        [0x66, tpmsValue(FOUR)],
        [0x31, Buffer.of(9)],
      ]),
    );
    expect(loc).toMatchObject({ type: 'location', mileage: 1234.5, satellites: 9, speed: 62 });
    expect(loc.tires!.events).toHaveLength(4);
    expect(loc.tires!.events[2]).toMatchObject({ position: 2, pressureKpa: 172 });
  });

  it('stores the position and skips a truncated item, then reads the items after it', () => {
    const cut = tpmsValue(FOUR).subarray(0, 50);
    const loc = decodeLocation(
      locationFrame([
        [0x66, cut],
        [0x30, Buffer.of(21)],
      ]),
    );
    expect(loc).toMatchObject({ latitude: 39.912345, longitude: 116.401234, gsmSignal: 21 });
    expect(loc.tires).toBeUndefined();
  });

  it('stores the position when the item claims more bytes than the frame holds', () => {
    const value = tpmsValue(FOUR);
    const b = Buffer.alloc(28);
    b.writeUInt32BE(0x02, 4);
    b.writeUInt32BE(39_912_345, 8);
    b.writeUInt32BE(116_401_234, 12);
    Buffer.from('240506150809', 'hex').copy(b, 22);
    // Length byte 0x4D (77) but only 30 bytes follow: the frame ends inside the item.
    const body = Buffer.concat([b, Buffer.of(0x66, value.length), value.subarray(0, 30)]);
    const loc = decodeLocation(buildJt808Frame(0x0200, body, TARGET, 1));
    expect(loc).toMatchObject({ valid: true, latitude: 39.912345 });
    expect(loc.tires).toBeUndefined();
  });

  it('never throws on random bytes under the 0x66 id', () => {
    let seed = 42;
    const rnd = () => (seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff) / 0x7fffffff;
    for (let i = 0; i < 2000; i++) {
      const len = Math.floor(rnd() * 120);
      const v = Buffer.from(Array.from({ length: len }, () => Math.floor(rnd() * 256)));
      // Half of them get a count byte that fits, so the event loop runs on garbage too.
      if (len > 41 && i % 2) v[40] = Math.floor((len - 41) / 9);
      expect(() => decodeTpmsItem(v, 480)).not.toThrow();
      const frame = locationFrame([[0x66, v.subarray(0, 255)]]);
      expect(decodeJt808Frame(frame, {}, NOW).error).toBeUndefined();
    }
  });
});
