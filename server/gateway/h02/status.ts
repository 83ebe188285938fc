/**
 * The H02 vehicle status word (4 bytes, hex in text frames, raw in binary ones). The protocol
 * uses negative logic: a bit at 0 means the condition is present (the TQ protocol text). Bits as
 * Traccar's H02ProtocolDecoder reads them: 0 vibration, 1 and 18 SOS, 2 overspeed, 19 external
 * power cut; bit 10 is ACC, set = on (Traccar's reading, not inverted). Bit 27 at 0 is taken as
 * the fuel/power cut: Traccar's `S20,DONE` example answer (a cut just done) carries F7FFFBFF,
 * bit 27 cleared, and its other frames have it set.
 */
import type { AlarmType, DeviceStatus } from '../codec';

/** Alarm bits, in the order Traccar picks the one alarm it reports (ours is `alarms[0]`). */
const ALARM_BITS: readonly { bits: readonly number[]; alarm: AlarmType }[] = [
  { bits: [0], alarm: 'vibration' },
  { bits: [1, 18], alarm: 'sos' },
  { bits: [2], alarm: 'overspeed' },
  { bits: [19], alarm: 'powerCut' },
];
export const H02_STATUS_BIT = { acc: 10, fuelCut: 27 } as const;

const bit = (word: number, n: number) => ((word >>> n) & 1) === 1;

/** Alarms and ACC of a status word; `attributes.status` keeps the word as 8 hex digits. */
export function decodeStatusWord(word: number): DeviceStatus {
  const alarms = ALARM_BITS.filter((a) => a.bits.some((n) => !bit(word, n))).map((a) => a.alarm);
  const status: DeviceStatus = {
    acc: bit(word, H02_STATUS_BIT.acc),
    fuelCut: !bit(word, H02_STATUS_BIT.fuelCut),
    attributes: { status: (word >>> 0).toString(16).toUpperCase().padStart(8, '0') },
  };
  if (alarms.length) {
    status.alarm = alarms[0];
    status.alarms = alarms;
    // The word repeats in every report while the condition lasts: raise each alarm once.
    status.alarmsAreState = true;
  }
  return status;
}

/** The status word a device with these conditions sends (all other bits 1: nothing present). */
export function encodeStatusWord(s: {
  acc: boolean;
  fuelCut?: boolean;
  alarms?: readonly AlarmType[];
}): number {
  let word = 0xffffffff;
  if (!s.acc) word &= ~(1 << H02_STATUS_BIT.acc);
  if (s.fuelCut) word &= ~(1 << H02_STATUS_BIT.fuelCut);
  for (const a of s.alarms ?? []) {
    const entry = ALARM_BITS.find((e) => e.alarm === a);
    if (entry) word &= ~(1 << entry.bits[0]);
  }
  return word >>> 0;
}

/**
 * Battery byte of binary frames (and LINK/HTBT text): 1-6 is a level (Traccar's scale:
 * 1-3 -> 0/10/20 %, 4-6 -> 60/80/100 %), 7-100 a percentage, 0xF1-0xF6 a level while charging.
 */
export function batteryPercent(value: number): number | undefined {
  if (value === 0) return undefined;
  if (value <= 3) return (value - 1) * 10;
  if (value <= 6) return (value - 1) * 20;
  if (value <= 100) return value;
  if (value >= 0xf1 && value <= 0xf6) return value - 0xf0;
  return undefined;
}
