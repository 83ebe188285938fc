import { describe, expect, it } from 'vitest';
import type { LocationMessage } from '../../../server/gateway/codec';
import { decodeJt808Frame } from '../../../server/gateway/jt808';
import { toPositionRecord } from '../../../server/gateway/runtime/position-record';
import {
  decodeTeltonikaFrame,
  encodeTeltonikaAvl,
  ioElement,
  TELTONIKA_IO as IO,
} from '../../../server/gateway/teltonika';
import { decodeTk103Frame } from '../../../server/gateway/tk103';
import { FUEL_KEYS_BY_FAMILY, FUEL_MAX_L, readFuel } from '../../../src/domain/reports/fuel-reading';
import { frame, locationBody, type LocationFields } from '../gateway/jt808-builders';
import { TK103_TRACCAR, tk103 } from '../gateway/tk103-frames';

const NOW = new Date('2025-11-26T10:00:00Z');

/** What the positions table stores for a decoded location: its attributes. */
const stored = (msg: LocationMessage) => toPositionRecord(7, msg, NOW).attributes;

const jt808 = (fields: LocationFields) =>
  stored(decodeJt808Frame(frame(0x0200, locationBody(fields)), {}, NOW).messages[0] as LocationMessage);

function teltonika(io: ReturnType<typeof ioElement>[]) {
  const rec = {
    time: new Date('2025-11-26T09:00:00Z'),
    priority: 0,
    latitude: 1,
    longitude: 2,
    satellites: 5,
    io,
  };
  const r = decodeTeltonikaFrame(encodeTeltonikaAvl([rec]), { deviceId: '356307042441013' }, NOW);
  return stored(r.messages[0] as LocationMessage);
}

describe('readFuel on what the decoders store', () => {
  it('JT/T 808 item 0x02: 1/10 L, or a percentage with bit 15', () => {
    // 0x0064 = 100 tenths = 10 L; 0x8040: bit 15 set, 0x40 = 64 %.
    expect(readFuel(jt808({ items: [[0x02, '0064']] }), 'jt808')).toEqual({
      value: 10,
      unit: 'l',
      key: 'fuel',
    });
    expect(readFuel(jt808({ items: [[0x02, '8040']] }), 'jt808')).toEqual({
      value: 64,
      unit: 'pct',
      key: 'fuelPercent',
    });
  });

  it('JT/T 808 OBD item 0x8E is a percentage; litres win when both come', () => {
    expect(
      readFuel(
        jt808({
          items: [
            [0x80, '01'],
            [0x8e, '37'],
          ],
        }),
        'jt808',
      ),
    ).toMatchObject({ value: 55, unit: 'pct' });
    const both = jt808({
      items: [
        [0x02, '01f4'],
        [0x80, '01'],
        [0x8e, '37'],
      ],
    });
    expect(readFuel(both, 'jt808')).toEqual({ value: 50, unit: 'l', key: 'fuel' });
  });

  it('Teltonika IO 84 (CAN litres, 1/10) and IO 89 (CAN level, %)', () => {
    expect(readFuel(teltonika([ioElement(IO.canFuelLitres, 2, 455)]), 'teltonika')).toEqual({
      value: 45.5,
      unit: 'l',
      key: 'fuel',
    });
    expect(readFuel(teltonika([ioElement(IO.canFuelPercent, 1, 73)]), 'teltonika')).toEqual({
      value: 73,
      unit: 'pct',
      key: 'fuelLevel',
    });
  });

  it("TK103's status characters carry a raw sensor input, never read as litres", () => {
    const attrs = stored(
      decodeTk103Frame(tk103(TK103_TRACCAR.br00Fuel), {}, NOW).messages[0] as LocationMessage,
    );
    expect(attrs).toMatchObject({ fuel: 0x04f });
    expect(readFuel(attrs, 'tk103')).toBeNull();
    // Without the family, `fuel` is taken for litres: the rollup passes the device's family.
    expect(readFuel(attrs)).toMatchObject({ value: 79, unit: 'l' });
  });
});

describe('readFuel on attributes', () => {
  it('reads the BSJ sensors, fuel1 before fuel2, never their sum', () => {
    expect(readFuel({ fuel1: 88.7, fuel2: 0.88 }, 'jt808')).toEqual({ value: 88.7, unit: 'l', key: 'fuel1' });
    expect(readFuel({ fuel2: 1.47 }, 'jt808')).toEqual({ value: 1.47, unit: 'l', key: 'fuel2' });
  });

  it("Meitrack's fuelLevel is a percentage", () => {
    expect(readFuel({ fuelLevel: 30.5 }, 'meitrack')).toEqual({ value: 30.5, unit: 'pct', key: 'fuelLevel' });
  });

  it('H02 fuel is taken as litres', () => {
    expect(readFuel({ fuel: 100, temperature: 0 }, 'h02')).toEqual({ value: 100, unit: 'l', key: 'fuel' });
  });

  it('none for families without a level, or attributes without one', () => {
    for (const family of ['gt06', 'osmand'] as const) expect(readFuel({ fuel: 40 }, family)).toBeNull();
    expect(FUEL_KEYS_BY_FAMILY.gt06).toEqual([]);
    expect(readFuel(null)).toBeNull();
    expect(readFuel({ gsm: 4, power: 12.1 })).toBeNull();
  });

  it('leaves out impossible values and falls back to the next key', () => {
    expect(readFuel({ fuel: FUEL_MAX_L + 0.1 })).toBeNull();
    expect(readFuel({ fuel: -1, fuelPercent: 40 })).toEqual({ value: 40, unit: 'pct', key: 'fuelPercent' });
    expect(readFuel({ fuelPercent: 101 })).toBeNull();
    expect(readFuel({ fuel: '12' })).toBeNull();
    expect(readFuel({ fuelLevel: Number.NaN })).toBeNull();
    expect(readFuel({ fuel: 0 })).toEqual({ value: 0, unit: 'l', key: 'fuel' });
  });
});
