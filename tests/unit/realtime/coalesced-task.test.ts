import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CoalescedTask } from '../../../server/realtime/coalesced-task';

/** A task whose runs are counted and end when the test says so. */
function gatedTask() {
  const ends: (() => void)[] = [];
  const task = vi.fn(() => new Promise<void>((resolve) => ends.push(resolve)));
  const finishRun = async () => {
    ends.shift()!();
    await vi.advanceTimersByTimeAsync(0);
  };
  return { task, finishRun };
}

describe('CoalescedTask', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('runs once for a burst of requests, after the delay', async () => {
    const { task, finishRun } = gatedTask();
    const t = new CoalescedTask(task, 300);
    t.request();
    t.request();
    await vi.advanceTimersByTimeAsync(299);
    t.request();
    expect(task).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(task).toHaveBeenCalledTimes(1);
    await finishRun();
    await vi.advanceTimersByTimeAsync(1000);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('requests made during a run get exactly one more run, after it and the delay', async () => {
    const { task, finishRun } = gatedTask();
    const t = new CoalescedTask(task, 300);
    t.request();
    await vi.advanceTimersByTimeAsync(300);
    t.request();
    t.request();
    await vi.advanceTimersByTimeAsync(1000);
    expect(task).toHaveBeenCalledTimes(1); // never two at once
    await finishRun();
    await vi.advanceTimersByTimeAsync(300);
    expect(task).toHaveBeenCalledTimes(2);
    await finishRun();
    await vi.advanceTimersByTimeAsync(1000);
    expect(task).toHaveBeenCalledTimes(2);
  });

  it('a failed run does not stop later requests', async () => {
    const task = vi.fn().mockRejectedValueOnce(new Error('db down')).mockResolvedValue(undefined);
    const t = new CoalescedTask(task, 10);
    t.request();
    await vi.advanceTimersByTimeAsync(10);
    t.request();
    await vi.advanceTimersByTimeAsync(10);
    expect(task).toHaveBeenCalledTimes(2);
  });

  it('runs nothing once closed', async () => {
    const task = vi.fn(async () => {});
    const t = new CoalescedTask(task, 10);
    t.request();
    t.close();
    t.request();
    await vi.advanceTimersByTimeAsync(100);
    expect(task).not.toHaveBeenCalled();
  });
});
