import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeOsmAnd } from '../../../server/gateway/osmand';
import { OSMAND_PARAMS } from '../../../server/gateway/osmand/params';

const NOW = new Date('2026-11-26T10:00:00Z');
// Every parameter the decoder reads, an extra one and a hostile one.
const NAMES = [...OSMAND_PARAMS, 'x', '__proto__'];
const value = fc.oneof(
  fc.string({ maxLength: 300 }),
  fc.double().map(String),
  fc.integer().map(String),
  fc.constantFrom('', 'true', 'false', '1,2', 'NaN', '-1', '1e400', '2025-11-26T10:00:00Z'),
);
const params = fc.array(fc.tuple(fc.oneof(fc.constantFrom(...NAMES), fc.string({ maxLength: 70 })), value), {
  maxLength: 80,
});

/** A decoded fix always has numbers a position row can hold. */
function checkFix(d: ReturnType<typeof decodeOsmAnd>): void {
  if (!d.ok) {
    expect(typeof d.error).toBe('string');
    return;
  }
  const m = d.message;
  expect(Number.isFinite(m.latitude) && Math.abs(m.latitude) <= 90).toBe(true);
  expect(Number.isFinite(m.longitude) && Math.abs(m.longitude) <= 180).toBe(true);
  expect(Number.isFinite(m.speed) && m.speed >= 0).toBe(true);
  expect(m.course >= 0 && m.course < 360).toBe(true);
  expect(Number.isFinite(m.time.getTime())).toBe(true);
  expect(d.terminalId.length).toBeGreaterThan(0);
}

describe('OsmAnd fuzz', () => {
  it('random query parameters never throw, and accepted ones are storable', () => {
    fc.assert(
      fc.property(params, (entries) => {
        const query = new URLSearchParams(entries).toString();
        checkFix(decodeOsmAnd({ url: `/?${query}`, body: '' }, NOW));
        checkFix(decodeOsmAnd({ url: '/', body: query }, NOW));
      }),
      { numRuns: 500 },
    );
  });

  it('random raw targets and bodies never throw', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 500 }),
        fc.string({ maxLength: 500 }),
        fc.boolean(),
        (url, body, json) => {
          checkFix(decodeOsmAnd({ url, body, contentType: json ? 'application/json' : undefined }, NOW));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('random JSON values in the Traccar Client shape never throw', () => {
    const any = fc.jsonValue({ maxDepth: 3 });
    const shaped = fc.record({
      device_id: fc.oneof(fc.string({ maxLength: 40 }), any),
      location: fc.oneof(
        any,
        fc.record({
          timestamp: fc.oneof(
            fc.date().map((d) => (Number.isNaN(d.getTime()) ? 'x' : d.toISOString())),
            any,
          ),
          coords: fc.oneof(
            any,
            fc.record({ latitude: fc.double(), longitude: fc.double(), speed: fc.double() }),
          ),
          battery: any,
          extras: any,
        }),
      ),
    });
    fc.assert(
      fc.property(shaped, (b) => {
        checkFix(decodeOsmAnd({ url: '/', contentType: 'application/json', body: JSON.stringify(b) }, NOW));
      }),
      { numRuns: 500 },
    );
  });
});
