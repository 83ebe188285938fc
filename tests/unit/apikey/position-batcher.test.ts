import { describe, expect, it } from 'vitest';
import { PositionBatcher } from '../../../server/services/webhooks-position/batcher';

describe('position webhook batches', () => {
  it('come out oldest first, at most batchMax at a time, and say when a batch is full', () => {
    const b = new PositionBatcher<number>({ batchMax: 3, maxQueued: 10 });
    expect(b.add(1, 10)).toBe(false);
    expect(b.add(1, 11)).toBe(false);
    expect(b.add(1, 12)).toBe(true);
    b.add(1, 13);
    expect(b.take(1)).toEqual({ items: [10, 11, 12], dropped: 0 });
    expect(b.take(1)).toEqual({ items: [13], dropped: 0 });
    expect(b.take(1)).toBeNull();
    expect(b.pending()).toEqual([]);
  });

  it('keep each endpoint apart', () => {
    const b = new PositionBatcher<string>({ batchMax: 5, maxQueued: 10 });
    b.add(1, 'a');
    b.add(2, 'b');
    b.add(1, 'c');
    expect(b.pending().sort()).toEqual([1, 2]);
    expect(b.take(2)!.items).toEqual(['b']);
    expect(b.take(1)!.items).toEqual(['a', 'c']);
  });

  it('stay bounded: past maxQueued the oldest are dropped and counted in the next batch', () => {
    const b = new PositionBatcher<number>({ batchMax: 2, maxQueued: 4 });
    for (let i = 0; i < 10; i++) b.add(7, i);
    expect(b.size()).toBe(4);
    expect(b.droppedTotal).toBe(6);
    expect(b.take(7)).toEqual({ items: [6, 7], dropped: 6 });
    expect(b.take(7)).toEqual({ items: [8, 9], dropped: 0 });
  });

  it('count a failed post as dropped, and forget endpoints no longer subscribed', () => {
    const b = new PositionBatcher<number>({ batchMax: 2, maxQueued: 4 });
    b.add(1, 1);
    b.add(2, 2);
    b.drop(1, 5);
    b.keepOnly(new Set([1]));
    expect(b.pending()).toEqual([1]);
    expect(b.take(1)).toEqual({ items: [1], dropped: 5 });
    expect(b.droppedTotal).toBe(5);
  });
});
