import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DecodedMessage } from '../../server/gateway/codec';
import { buildGt06Packet, gt06Codec } from '../../server/gateway/gt06';
import { NOW } from './gt06-build';

/** Every number a decoded message carries must be a finite number: no NaN reaches a row. */
function numbersFinite(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  if (value instanceof Date) return Number.isFinite(value.getTime());
  if (Array.isArray(value)) return value.every(numbersFinite);
  if (value && typeof value === 'object') return Object.values(value).every(numbersFinite);
  return true;
}

const check = (messages: DecodedMessage[]) => {
  for (const m of messages) {
    expect(numbersFinite(m)).toBe(true);
    if ('latitude' in m) {
      expect(Math.abs(m.latitude)).toBeLessThanOrEqual(2 ** 32 / 1_800_000);
      expect(m.alarms?.[0]).toBe(m.alarm);
    }
  }
};

describe('GT06 decoder under fuzzing, per protocol number', () => {
  it('never throws on any protocol number with any body, in both forms', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 255 }),
        fc.uint8Array({ maxLength: 160 }).map((a) => Buffer.from(a)),
        fc.boolean(),
        (protocol, body, extended) => {
          const result = gt06Codec.decodeFrame(buildGt06Packet(protocol, body, 1, extended), {}, NOW);
          expect(result.error === undefined || result.messages.length === 0).toBe(true);
          check(result.messages);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('decodes every number it knows with an all-zero body long enough for its layout', () => {
    const numbers = [
      0x10, 0x11, 0x12, 0x16, 0x1e, 0x22, 0x27, 0x28, 0x2c, 0x37, 0x38, 0x70, 0x95, 0xa0, 0xa1, 0xa3, 0xa4,
      0xa5,
    ];
    // 0x19 only below length 0x17: longer ones are SPACE10X multi-LBS, which is not decoded.
    const cases: Array<[number, number]> = [
      ...numbers.map((p): [number, number] => [p, 120]),
      [0x19, 13],
      [0x19, 30],
    ];
    for (const [protocol, size] of cases) {
      const result = gt06Codec.decodeFrame(buildGt06Packet(protocol, Buffer.alloc(size), 1), {}, NOW);
      expect(result.error, protocol.toString(16)).toBeUndefined();
      const known = !(protocol === 0x19 && size === 30);
      expect(result.messages[0].type === 'unknown', protocol.toString(16)).toBe(!known);
      check(result.messages);
    }
  });
});
