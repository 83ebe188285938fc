import { describe, expect, it } from 'vitest';
import type { CodecSession, LocationMessage } from '../../../server/gateway/codec';
import {
  addJt808Part,
  buildJt808Frame,
  decodeJt808Frame,
  JT808_MAX_PACKAGES,
  JT808_MAX_PENDING,
  JT808_MAX_REASSEMBLY_BYTES,
  JT808_REASSEMBLY_TIMEOUT_MS,
  parseJt808Frame,
  pendingReassemblyBytes,
  splitJt808Body,
} from '../../../server/gateway/jt808';
import { locationBody, TERMINAL } from './jt808-builders';

const NOW = new Date('2025-11-26T10:00:00Z');

/** A 0x0704 body of `n` positions, speeds 1..n. */
function batchBody(n: number): Buffer {
  const items = Array.from({ length: n }, (_, i) => {
    const b = locationBody({ speed: i + 1 });
    const len = Buffer.alloc(2);
    len.writeUInt16BE(b.length, 0);
    return Buffer.concat([len, b]);
  });
  const head = Buffer.alloc(3);
  head.writeUInt16BE(n, 0);
  return Buffer.concat([head, ...items]);
}

/** The sub-package frames of a message, serials consecutive from `firstSerial`. */
function parts(id: number, body: Buffer, size: number, firstSerial = 100): Buffer[] {
  const slices = splitJt808Body(body, size);
  return slices.map((s, i) =>
    buildJt808Frame(id, s, TERMINAL, firstSerial + i, { count: slices.length, index: i + 1 }),
  );
}

describe('JT/T 808 sub-package reassembly', () => {
  it('answers each part with 0x8001 and decodes the whole 0x0704 with the last part', () => {
    const session: CodecSession = {};
    const frames = parts(0x0704, batchBody(6), 50);
    expect(frames.length).toBeGreaterThan(2);
    const results = frames.map((f) => decodeJt808Frame(f, session, NOW));
    for (const [i, r] of results.entries()) {
      expect(r.error).toBeUndefined();
      const reply = parseJt808Frame(r.reply!);
      // Each answer names its own part: serial and message id.
      expect(reply.body.toString('hex')).toBe((100 + i).toString(16).padStart(4, '0') + '0704' + '00');
    }
    for (const r of results.slice(0, -1)) expect(r.messages[0]).toMatchObject({ type: 'unknown' });
    const last = results[results.length - 1];
    expect(last.locationAck).toBe(true);
    expect(last.messages.map((m) => (m as LocationMessage).speed)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(pendingReassemblyBytes(session)).toBe(0);
  });

  it('takes parts in any order and a resent part once', () => {
    const session: CodecSession = {};
    const frames = parts(0x0200, locationBody({ alarm: 1, items: [[0x31, '09']] }), 10);
    const order = [...frames.keys()].reverse();
    const dup = decodeJt808Frame(frames[order[0]], session, NOW);
    expect(dup.messages[0]).toMatchObject({ type: 'unknown' });
    let done: ReturnType<typeof decodeJt808Frame> | undefined;
    for (const i of order) done = decodeJt808Frame(frames[i], session, NOW);
    expect(done!.messages).toEqual([expect.objectContaining({ type: 'alarm', alarm: 'sos', satellites: 9 })]);
  });

  it('keeps two messages apart by their first serial', () => {
    const session: CodecSession = {};
    const a = parts(0x0704, batchBody(2), 40, 10);
    const b = parts(0x0704, batchBody(3), 40, 500);
    const out: number[][] = [];
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      for (const f of [a[i], b[i]]) {
        if (!f) continue;
        const r = decodeJt808Frame(f, session, NOW);
        if (r.locationAck) out.push(r.messages.map((m) => (m as LocationMessage).speed));
      }
    }
    expect(out.sort((x, y) => x.length - y.length)).toEqual([
      [1, 2],
      [1, 2, 3],
    ]);
  });

  it('drops parts older than the timeout: the message is never completed from stale parts', () => {
    const session: CodecSession = {};
    const frames = parts(0x0704, batchBody(2), 40);
    decodeJt808Frame(frames[0], session, NOW);
    const late = new Date(NOW.getTime() + JT808_REASSEMBLY_TIMEOUT_MS + 1);
    for (const f of frames.slice(1)) {
      expect(decodeJt808Frame(f, session, late).locationAck).toBeUndefined();
    }
    // The parts that came in time are held: the first part sent again completes the message.
    const again = decodeJt808Frame(frames[0], session, late);
    expect(again.messages).toHaveLength(2);
    expect(pendingReassemblyBytes(session)).toBe(0);
  });

  it('limits memory: bytes per connection, messages pending, package count and index', () => {
    const session: CodecSession = {};
    const slice = Buffer.alloc(1000, 0x11);
    let held = 0;
    let rejected = false;
    for (let i = 1; i <= JT808_MAX_PACKAGES && !rejected; i++) {
      const r = addJt808Part(
        session,
        { messageId: 0x0801, serial: i, count: JT808_MAX_PACKAGES, index: i, body: slice },
        0,
      );
      if (r.kind === 'rejected') rejected = true;
      else held += slice.length;
      expect(pendingReassemblyBytes(session)).toBeLessThanOrEqual(JT808_MAX_REASSEMBLY_BYTES);
    }
    expect(rejected).toBe(true);
    expect(held).toBeLessThanOrEqual(JT808_MAX_REASSEMBLY_BYTES);
    expect(pendingReassemblyBytes(session)).toBe(0);

    for (let m = 0; m < JT808_MAX_PENDING + 3; m++)
      addJt808Part(session, { messageId: 0x0704, serial: m * 10 + 1, count: 2, index: 1, body: slice }, 0);
    expect(pendingReassemblyBytes(session)).toBe(JT808_MAX_PENDING * slice.length);

    const bad = (count: number, index: number) =>
      addJt808Part({}, { messageId: 0x0704, serial: 1, count, index, body: slice }, 0).kind;
    expect(bad(0, 1)).toBe('rejected');
    expect(bad(JT808_MAX_PACKAGES + 1, 1)).toBe('rejected');
    expect(bad(3, 4)).toBe('rejected');
    expect(bad(3, 0)).toBe('rejected');
  });

  it('a hostile count is answered, not held', () => {
    const f = buildJt808Frame(0x0704, Buffer.alloc(10), TERMINAL, 1, { count: 0xffff, index: 1 });
    const r = decodeJt808Frame(f, {}, NOW);
    expect(r.messages[0]).toMatchObject({ type: 'unknown', note: expect.stringMatching(/count/) });
    expect(r.reply).not.toBeNull();
  });
});
