/**
 * Deterministic pseudo-random helpers for the demo seed: the same seed gives the same
 * terminal ids, plates and positions on every run, so tests and screenshots are stable.
 */

/** mulberry32: tiny, fast, good enough for demo data (not for anything secret). */
export function createRng(seed: number) {
  let a = seed >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    /** Integer in [min, max]. */
    int,
    /** Float in [min, max). */
    float: (min: number, max: number): number => min + next() * (max - min),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
    chance: (p: number): boolean => next() < p,
    digits: (n: number): string => {
      let s = '';
      for (let i = 0; i < n; i++) s += String(int(0, 9));
      return s;
    },
  };
}

export type Rng = ReturnType<typeof createRng>;

/** Luhn check digit of a digit string (IMEIs end with one). */
export function luhnDigit(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let d = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
}

/** A valid-looking 15-digit IMEI: TAC starting with 86, serial, Luhn check digit. */
export function makeImei(rng: Rng): string {
  const body = '86' + rng.pick(['0', '1', '2', '3', '5', '7', '8']) + rng.digits(11);
  return body + luhnDigit(body);
}

/** An 11-digit JT/T 808 terminal number (phone-number style, starting with 1). */
export function makeTerminal808(rng: Rng): string {
  return '1' + rng.pick(['3', '4', '5', '7', '8']) + rng.digits(9);
}

/** A 20-digit Chinese ICCID (89 86 + operator + ...). */
export function makeIccid(rng: Rng): string {
  return '8986' + rng.pick(['00', '01', '03', '04', '06', '11']) + rng.digits(14);
}

/** A SIM number: 11-digit mobile or 13-digit IoT number (spec: 11 or 13 characters). */
export function makeSim(rng: Rng): string {
  return rng.chance(0.7) ? '1' + rng.pick(['3', '4', '5', '7', '8']) + rng.digits(9) : '1440' + rng.digits(9);
}

// Plate letters skip I and O, as Chinese plates do.
const PLATE_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';

/**
 * A Chinese plate: province character, city letter, five letters or digits (at most two
 * letters), e.g. 京A12345, 粤B8C9D2.
 */
export function makePlate(rng: Rng, province: string, cityLetters: string): string {
  let tail = '';
  let letters = 0;
  for (let i = 0; i < 5; i++) {
    if (letters < 2 && rng.chance(0.25)) {
      tail += rng.pick([...PLATE_LETTERS]);
      letters++;
    } else tail += String(rng.int(0, 9));
  }
  return province + rng.pick([...cityLetters]) + tail;
}

/** Moves a point `metres` along `courseDeg` (flat-earth approximation, fine for a few km). */
export function offsetPoint(lat: number, lon: number, courseDeg: number, metres: number) {
  const rad = (courseDeg * Math.PI) / 180;
  const dLat = (metres * Math.cos(rad)) / 111_320;
  const dLon = (metres * Math.sin(rad)) / (111_320 * Math.cos((lat * Math.PI) / 180));
  return { lat: lat + dLat, lon: lon + dLon };
}

export const round = (v: number, digits: number) => Number(v.toFixed(digits));
