/**
 * Fuzzing of the JT/T 808 paths added for issue 19: sub-package reassembly (any order, resends,
 * lost and forged parts, hostile counts), the item walker over random item lists, and the
 * vendor messages over random bodies. Nothing may throw, memory stays under its caps, and a
 * message whose parts all arrive decodes as if it had come whole.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CodecSession, LocationMessage } from '../../../server/gateway/codec';
import {
  buildJt808Frame,
  decodeJt808Frame,
  JT808_MAX_REASSEMBLY_BYTES,
  pendingReassemblyBytes,
  splitJt808Body,
} from '../../../server/gateway/jt808';
import { locationBody, TERMINAL } from './jt808-builders';

const NOW = new Date('2025-11-26T10:00:00Z');
const bytes = (max: number) => fc.uint8Array({ maxLength: max, size: 'max' }).map((a) => Buffer.from(a));

function check(f: Buffer, session: CodecSession, now = NOW) {
  const result = decodeJt808Frame(f, session, now);
  expect(result.error === undefined || result.messages.length === 0).toBe(true);
  expect(pendingReassemblyBytes(session)).toBeLessThanOrEqual(JT808_MAX_REASSEMBLY_BYTES);
  return result;
}

describe('JT/T 808 sub-packages under fuzzing', () => {
  it('parts in any order, some sent twice, give the whole message once', () => {
    const item = fc.tuple(fc.integer({ min: 0, max: 255 }), bytes(20));
    fc.assert(
      fc.property(
        fc.array(item, { maxLength: 12 }),
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 0, max: 0xffff }),
        fc.array(fc.nat(), { maxLength: 30 }),
        (items, size, first, shuffle) => {
          const body = locationBody({ alarm: 1, items: items.map(([id, v]) => [id, v] as const) });
          const whole = decodeJt808Frame(buildJt808Frame(0x0200, body, TERMINAL, 1), {}, NOW);
          const slices = splitJt808Body(body, size);
          const frames = slices.map((s, i) =>
            buildJt808Frame(0x0200, s, TERMINAL, (first + i) & 0xffff, {
              count: slices.length,
              index: i + 1,
            }),
          );
          // A random order with random resends, every part at least once.
          const order = [...frames.keys()];
          for (const [k, n] of shuffle.entries()) {
            const a = n % order.length;
            [order[a], order[k % order.length]] = [order[k % order.length], order[a]];
          }
          const sends = [...order, ...shuffle.slice(0, 3).map((n) => n % frames.length)];
          const session: CodecSession = {};
          const completed: LocationMessage[] = [];
          for (const i of sends) {
            const r = check(frames[i], session);
            if (r.locationAck) completed.push(r.messages[0] as LocationMessage);
          }
          const expected = whole.messages[0] as LocationMessage;
          expect(completed.length).toBeGreaterThanOrEqual(1);
          expect(completed[0]).toMatchObject({ alarms: expected.alarms, latitude: expected.latitude });
          expect(completed[0].attributes).toEqual(expected.attributes);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('forged counts, indexes and serials never throw and never hold more than the cap', () => {
    const part = fc.record({
      id: fc.constantFrom(0x0200, 0x0704, 0x0801, 0x0900),
      count: fc.integer({ min: 0, max: 0xffff }),
      index: fc.integer({ min: 0, max: 0xffff }),
      serial: fc.integer({ min: 0, max: 0xffff }),
      body: bytes(1023),
      later: fc.integer({ min: 0, max: 120_000 }),
    });
    fc.assert(
      fc.property(fc.array(part, { maxLength: 60 }), (parts) => {
        const session: CodecSession = {};
        let t = NOW.getTime();
        for (const p of parts) {
          t += p.later;
          const f = buildJt808Frame(p.id, p.body, TERMINAL, p.serial, { count: p.count, index: p.index });
          const r = check(f, session, new Date(t));
          expect(r.reply).not.toBeNull();
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('JT/T 808 message bodies under fuzzing', () => {
  it('random bodies of every id this decoder reads never throw', () => {
    const ids = [0x0002, 0x0107, 0x0109, 0x0200, 0x0201, 0x0210, 0x0702, 0x0704, 0x0900, 0x5501, 0x5502];
    fc.assert(
      fc.property(fc.constantFrom(...ids), bytes(300), (id, body) => {
        check(buildJt808Frame(id, body, TERMINAL, 7), {});
      }),
      { numRuns: 1500 },
    );
  });

  it('random item lists after a valid location keep the position', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 255 }), bytes(80)), { maxLength: 10 }),
        (items) => {
          const body = locationBody({ items: items.map(([id, v]) => [id, v] as const) });
          const r = check(buildJt808Frame(0x0200, body, TERMINAL, 9), {});
          expect(r.messages[0]).toMatchObject({ latitude: 22.543096, longitude: 114.057865 });
        },
      ),
      { numRuns: 1500 },
    );
  });
});
