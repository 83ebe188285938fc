import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDatabase, startHarness, type Harness } from './harness';

/**
 * The OTA job list's percentage and counts add up (issue 32): the demo's finished JT808-A job,
 * 3 devices upgraded and the last failed at 45 % of its download, read "86 %, 3/4 succeeded,
 * 1 failed". A job whose devices are all over is 100 % done.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
  await closeDatabase();
});

describe('the OTA job list', () => {
  it('shows a finished job with a failed device as done, its counts making the total', async () => {
    const token = await h.login('test');
    const { list } = (await h.post('/api/ota/job/list', { pageSize: 100 }, token)).data;
    const finished = list.filter((j: { status: string }) => j.status === 'done');
    expect(finished.some((j: { failed: number }) => j.failed > 0)).toBe(true);
    for (const j of list) {
      expect(j.success + j.failed + j.cancelled + j.active + j.pending, j.name).toBe(j.total);
      if (j.status === 'done') expect(j.progress, j.name).toBe(100);
      else expect(j.progress, j.name).toBeLessThan(100);
    }
  });
});
