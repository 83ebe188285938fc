import { describe, expect, it } from 'vitest';
import { SentSerials } from '../../server/sim/sent-serials';

describe('SentSerials', () => {
  const sent = (...serials: number[]) => {
    const s = new SentSerials();
    for (const n of serials) s.push(n);
    return s;
  };

  it('an ack naming a serial covers that one, and it is no longer among the oldest', () => {
    const s = sent(1, 2, 3);
    expect(s.acked(2, undefined)).toEqual([2]);
    expect(s.acked(undefined, 5)).toEqual([1, 3]);
  });

  it('an ack naming a serial not sent on this connection still covers it', () => {
    expect(sent(1).acked(9, undefined)).toEqual([9]);
  });

  it('a count ack covers the oldest ones, one without a count', () => {
    const s = sent(4, 5, 6, 7);
    expect(s.acked(undefined, 2)).toEqual([4, 5]);
    expect(s.acked(undefined, undefined)).toEqual([6]);
    expect(s.acked(undefined, 3)).toEqual([7]);
    expect(s.acked(undefined, 1)).toEqual([]);
  });

  it('a new connection forgets what the old one sent', () => {
    const s = sent(1, 2);
    s.clear();
    expect(s.acked(undefined, 2)).toEqual([]);
  });
});
