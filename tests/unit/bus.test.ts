import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryBus } from '../../server/bus/memory';
import { createNatsBus } from '../../server/bus/nats';
import { BusTimeoutError, NoResponderError, subjectMatches, type EventBus } from '../../server/bus/types';

describe('subject patterns', () => {
  it('matches NATS-style wildcards', () => {
    expect(subjectMatches('dev.pos.1', 'dev.pos.1')).toBe(true);
    expect(subjectMatches('dev.*.1', 'dev.pos.1')).toBe(true);
    expect(subjectMatches('dev.>', 'dev.pos.1')).toBe(true);
    expect(subjectMatches('dev.>', 'dev')).toBe(false);
    expect(subjectMatches('dev.pos', 'dev.pos.1')).toBe(false);
    expect(subjectMatches('dev.pos.*', 'dev.pos.1.x')).toBe(false);
  });
});

// The NATS variant runs when NATS_URL is set (CI sets it); the contract is the same.
const variants: [string, () => Promise<EventBus>][] = [['memory', async () => createMemoryBus()]];
if (process.env.NATS_URL) variants.push(['nats', () => createNatsBus(process.env.NATS_URL!, 'bus-test')]);

const opened: EventBus[] = [];
afterAll(async () => {
  for (const b of opened) await b.close();
});

for (const [name, make] of variants) {
  describe(`${name} bus`, () => {
    it('delivers published events to matching subscribers only', async () => {
      const bus = await make();
      opened.push(bus);
      const got: string[] = [];
      const off = bus.subscribe<{ n: number }>('t1.pos.*', (d, s) => got.push(`${s}:${d.n}`));
      bus.subscribe('t1.state.*', () => got.push('state'));
      bus.publish('t1.pos.7', { n: 1 });
      bus.publish('t1.other.7', { n: 2 });
      await bus.flush();
      await new Promise((r) => setTimeout(r, 50));
      expect(got).toEqual(['t1.pos.7:1']);
      off();
      bus.publish('t1.pos.7', { n: 3 });
      await bus.flush();
      await new Promise((r) => setTimeout(r, 50));
      expect(got).toEqual(['t1.pos.7:1']);
    });

    it('routes a request to its responder and reports a missing one', async () => {
      const bus = await make();
      opened.push(bus);
      bus.respond<{ x: number }, { y: number }>('t2.cmd.A', async (d) => ({ y: d.x * 2 }));
      await bus.flush();
      expect(await bus.request('t2.cmd.A', { x: 21 }, 1000)).toEqual({ y: 42 });
      await expect(bus.request('t2.cmd.nobody', {}, 500)).rejects.toBeInstanceOf(NoResponderError);
    });

    it('times out a slow responder', async () => {
      const bus = await make();
      opened.push(bus);
      bus.respond('t3.slow', () => new Promise((r) => setTimeout(() => r(1), 2000)));
      await bus.flush();
      await expect(bus.request('t3.slow', {}, 100)).rejects.toBeInstanceOf(BusTimeoutError);
    });
  });
}
