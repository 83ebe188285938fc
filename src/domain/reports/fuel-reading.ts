/**
 * The fuel level a stored position carries, read from its attributes (positions.attributes,
 * written by server/gateway/runtime/position-record.ts from the decoders' output).
 *
 * Keys the decoders write, and what they hold:
 *  - `fuel`: litres. JT/T 808 item 0x02 (1/10 L, bit 15 clear), vendor item 0xE2, the 0x0900
 *    OBD data stream (0x0103, 0x052A); Teltonika IO 84 (CAN fuel, 1/10 L); H02's 46-byte binary
 *    frame and the 6-value text tail (the unit is not documented; the codec's contract says
 *    litres). TK103 also writes `fuel`, but it is the raw 3-hex-digit sensor input of the status
 *    characters (0 to 4095, 0 without a sensor), not litres: it is not read (see `family`).
 *  - `fuel1`, `fuel2`: BSJ 0xEB sub-items 0x0001 (1/10) and 0x0023 (ASCII, "001.47"), taken as
 *    litres. Their units are not published and one public frame holds fuel1 88.7 beside fuel2
 *    0.88, so they are not added up as two tanks: fuel1 is read, fuel2 only without it.
 *  - `fuelPercent`: percent. JT/T 808 item 0x02 with bit 15 set, and the OBD item 0x8E.
 *  - `fuelLevel`: percent. Teltonika IO 89 (CAN fuel level), Meitrack (the report's fuel field,
 *    CCE 0x29 and 0x9D).
 * GT06 decodes fuel only from status frames (0x94 sub-type 0x0D, 0x8C OBD), which are not
 * positions: no GT06 position holds a level. OsmAnd (phones) has none.
 */
import type { ProtocolFamily } from '../protocol-family';

/** Litres, or percent of the tank. */
export type FuelUnit = 'l' | 'pct';

export const FUEL_KEYS = ['fuel', 'fuel1', 'fuel2', 'fuelPercent', 'fuelLevel'] as const;
export type FuelKey = (typeof FUEL_KEYS)[number];

export interface FuelReading {
  value: number;
  unit: FuelUnit;
  /** The attribute it came from. */
  key: FuelKey;
}

/** Which keys each family's positions can hold (an empty list: the family reports no level). */
export const FUEL_KEYS_BY_FAMILY: Readonly<Record<ProtocolFamily, readonly FuelKey[]>> = {
  jt808: ['fuel', 'fuel1', 'fuel2', 'fuelPercent'],
  teltonika: ['fuel', 'fuelLevel'],
  meitrack: ['fuelLevel'],
  h02: ['fuel'],
  gt06: [],
  tk103: [],
  osmand: [],
};

/**
 * Levels above this many litres are misreadings (0x7FFF / 10 is 3,276.7): the largest road
 * tanks hold about 1,500 L, two of them on a tractor unit.
 */
export const FUEL_MAX_L = 2000;

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;

const litres = (v: unknown): number | null => (finite(v) && v <= FUEL_MAX_L ? v : null);
const percent = (v: unknown): number | null => (finite(v) && v <= 100 ? v : null);

/**
 * The level of one position, or null when it holds none (or only an impossible value).
 * Litres win over percent when a frame carries both (808 item 0x02 and an OBD 0x8E): they are
 * the finer figure. `family` (the device's, PROTOCOL_FAMILY[protocol]) is needed only to leave
 * out TK103's raw `fuel`; without it every `fuel` is taken as litres.
 */
export function readFuel(
  attributes: Readonly<Record<string, unknown>> | null | undefined,
  family?: ProtocolFamily | null,
): FuelReading | null {
  if (!attributes) return null;
  const allowed = family ? FUEL_KEYS_BY_FAMILY[family] : FUEL_KEYS;
  const has = (k: FuelKey) => allowed.includes(k) && attributes[k] !== undefined;
  if (has('fuel')) {
    const v = litres(attributes.fuel);
    if (v != null) return { value: v, unit: 'l', key: 'fuel' };
  }
  for (const key of ['fuel1', 'fuel2'] as const) {
    const v = has(key) ? litres(attributes[key]) : null;
    if (v != null) return { value: v, unit: 'l', key };
  }
  for (const key of ['fuelPercent', 'fuelLevel'] as const) {
    if (!has(key)) continue;
    const v = percent(attributes[key]);
    if (v != null) return { value: v, unit: 'pct', key };
  }
  return null;
}
