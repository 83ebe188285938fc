import { describe, expect, it } from 'vitest';
import { StoreLatency } from '../../server/gateway/osmand/store-latency';

describe('StoreLatency', () => {
  it('draws a wait within the flush window before any fix was stored', () => {
    expect(new StoreLatency(100, () => 0.5).sample()).toBe(50);
  });

  it('then draws from the recent store times only, the oldest forgotten past 32', () => {
    let r = 0;
    const l = new StoreLatency(100, () => r);
    for (let i = 0; i < 40; i++) l.observe(i);
    const seen = new Set<number>();
    for (r = 0; r < 1; r += 1 / 64) seen.add(l.sample());
    expect(Math.min(...seen)).toBe(8);
    expect(Math.max(...seen)).toBe(39);
  });
});
