/**
 * Breaking long work into tasks. A browser paints and handles input only between tasks, and a
 * chain of promises is one task however long it runs: work that must stay under the monitor's
 * 200 ms long-task limit awaits one of these between its steps.
 */

type WithScheduler = { scheduler?: { yield?: () => Promise<void> } };

/** Resolves in a new task (scheduler.yield where the browser has it: it keeps our place in line). */
export function nextTask(): Promise<void> {
  const s = (globalThis as WithScheduler).scheduler;
  if (typeof s?.yield === 'function') return s.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Resolves after the browser produced a frame: the GPU work queued so far (shader builds,
 * texture uploads, draws) is then committed with that frame instead of the next step's.
 * In a hidden tab frames stop, and so does whatever awaits this, until the tab is shown.
 */
export function nextFrame(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}
