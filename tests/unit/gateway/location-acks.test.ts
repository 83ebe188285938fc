import { describe, expect, it } from 'vitest';
import { LocationAcks } from '../../../server/gateway/runtime/location-acks';

const tick = () => new Promise((r) => process.nextTick(r));

function acks() {
  const sent: string[] = [];
  const events: string[] = [];
  const q = new LocationAcks(
    (b) => {
      sent.push(b.toString());
      events.push(`send ${b.toString()}`);
    },
    () => events.push('cork'),
    () => events.push('uncork'),
  );
  return { q, sent, events };
}

describe('location acks of one connection', () => {
  it('leave in frame order, a later frame waiting for an earlier one', () => {
    const { q, sent } = acks();
    const a = q.expect(Buffer.from('a'), 1);
    const b = q.expect(Buffer.from('b'), 1);
    const c = q.expect(Buffer.from('c'), 1);
    c();
    b();
    expect(sent).toEqual([]);
    a();
    expect(sent).toEqual(['a', 'b', 'c']);
    expect(q.size).toBe(0);
  });

  it('wait for every position of a frame', () => {
    const { q, sent } = acks();
    const batch = q.expect(Buffer.from('batch'), 3);
    batch();
    batch();
    expect(sent).toEqual([]);
    batch();
    expect(sent).toEqual(['batch']);
  });

  it('released together go out in one corked write', async () => {
    const { q, events } = acks();
    const a = q.expect(Buffer.from('a'), 1);
    const b = q.expect(Buffer.from('b'), 1);
    b();
    a();
    expect(events).toEqual(['cork', 'send a', 'send b']);
    await tick();
    expect(events.at(-1)).toBe('uncork');
  });

  it('are dropped when the connection closes', () => {
    const { q, sent } = acks();
    const a = q.expect(Buffer.from('a'), 1);
    q.clear();
    a();
    expect(sent).toEqual([]);
    expect(q.size).toBe(0);
  });

  it('keep the queue short under a steady stream', () => {
    const { q, sent } = acks();
    const first = q.expect(Buffer.from('0'), 1);
    const rest = Array.from({ length: 200 }, (_, i) => q.expect(Buffer.from(String(i + 1)), 1));
    first();
    for (const r of rest.slice(0, 150)) r();
    expect(q.size).toBe(50);
    for (const r of rest.slice(150)) r();
    expect(sent).toHaveLength(201);
    expect(q.size).toBe(0);
  });
});
