import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { otaJobProgress } from '../../src/domain/ota';

/** The OTA job list's percentage and counts come from one computation and add up (issue 32). */
describe('otaJobProgress', () => {
  it('calls a job whose devices are all over 100 % done, failures included', () => {
    // The reported row: 3 succeeded, 1 failed at 45 % of its download. A mean of the bars said 86 %.
    const p = otaJobProgress({ success: 3, failed: 1 }, 0);
    expect(p).toMatchObject({ total: 4, success: 3, failed: 1, finished: 4, progress: 100 });
  });

  it('counts a device still upgrading as far as its download went, a waiting one as nothing', () => {
    expect(otaJobProgress({ success: 3, downloading: 1 }, 45).progress).toBe(86);
    expect(otaJobProgress({ success: 1, pending: 3 }, 0).progress).toBe(25);
    expect(otaJobProgress({ sent: 2 }, 0)).toMatchObject({ total: 2, active: 2, finished: 0, progress: 0 });
  });

  it('is 0 for a job without devices and never 100 while a device is still running', () => {
    expect(otaJobProgress({}, 0).progress).toBe(0);
    expect(otaJobProgress({ success: 999, downloading: 1 }, 100).progress).toBe(99);
  });

  it('always adds up: the counts make the total and the percentage lies between the finished share and 100', () => {
    const n = fc.nat(50);
    fc.assert(
      fc.property(
        n,
        n,
        n,
        n,
        n,
        n,
        fc.nat(10_000),
        (success, failed, cancelled, sent, downloading, pending, bars) => {
          const p = otaJobProgress({ success, failed, cancelled, sent, downloading, pending }, bars);
          expect(p.success + p.failed + p.cancelled + p.active + p.pending).toBe(p.total);
          expect(p.finished).toBe(success + failed + cancelled);
          if (p.total === 0) return expect(p.progress).toBe(0);
          expect(p.progress).toBeGreaterThanOrEqual(Math.floor((p.finished * 100) / p.total));
          expect(p.progress === 100).toBe(p.finished === p.total);
        },
      ),
    );
  });
});
