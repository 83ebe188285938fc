import type { Page } from '@playwright/test';

/**
 * What the benchmark observes inside the page, installed before any page script runs:
 * - every long task (PerformanceObserver 'longtask', > 50 ms main-thread work);
 * - every `fleetgate:positions-applied` event of the monitor page (after it drew a batch).
 * Times are kept as epoch ms (performance.timeOrigin + startTime) to compare with Node's clock.
 */
export interface LongTask {
  at: number;
  duration: number;
  name: string;
  container: string;
}
export interface Applied {
  at: number;
  positions: { terminalID: string; utcTime: string }[];
}

declare global {
  interface Window {
    __bench?: { longTasks: LongTask[]; applied: Applied[] };
  }
}

export async function installProbes(page: Page) {
  await page.addInitScript(() => {
    const bench = { longTasks: [] as LongTask[], applied: [] as Applied[] };
    window.__bench = bench;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        const attr = (
          e as PerformanceEntry & { attribution?: { containerType?: string; containerName?: string }[] }
        ).attribution?.[0];
        bench.longTasks.push({
          at: performance.timeOrigin + e.startTime,
          duration: e.duration,
          name: e.name,
          container: attr ? `${attr.containerType ?? ''} ${attr.containerName ?? ''}`.trim() : '',
        });
      }
    }).observe({ type: 'longtask', buffered: true });
    window.addEventListener('fleetgate:positions-applied', (ev) => {
      const detail = (ev as CustomEvent<Applied>).detail;
      bench.applied.push({
        at: detail.at,
        positions: detail.positions.map((p) => ({ terminalID: p.terminalID, utcTime: p.utcTime })),
      });
    });
  });
}

/** Long tasks seen so far (removed from the page). */
export const takeLongTasks = (page: Page) =>
  page.evaluate(() => window.__bench!.longTasks.splice(0, window.__bench!.longTasks.length));

/** Applied batches seen so far (removed from the page). */
export const takeApplied = (page: Page) =>
  page.evaluate(() => window.__bench!.applied.splice(0, window.__bench!.applied.length));

/** Scrolls the virtual device list to the bottom and back in animation frames. */
export function scrollListDownAndUp(page: Page, selector: string, steps = 60) {
  return page.evaluate(
    async ({ selector, steps }) => {
      const el = document.querySelector<HTMLElement>(selector);
      if (!el) throw new Error(`no ${selector}`);
      // No named helpers in here: tsx's keepNames would wrap them in a __name() the page lacks.
      const bottom = el.scrollHeight - el.clientHeight;
      for (let i = 1; i <= steps; i++) {
        el.scrollTop = (bottom * i) / steps;
        await new Promise((r) => requestAnimationFrame(r));
      }
      const reached = el.scrollTop;
      for (let i = steps - 1; i >= 0; i--) {
        el.scrollTop = (bottom * i) / steps;
        await new Promise((r) => requestAnimationFrame(r));
      }
      return { bottom, reached };
    },
    { selector, steps },
  );
}

/**
 * Delays (ms) from the pump's send to the page's draw, of positions sent at or after `from`,
 * and of the same positions to the websocket probe; unmatched = applied but not sent by us.
 */
export function matchApplied(applied: Applied[], sent: Map<string, number>, arrived: Map<string, number>, from: number) {
  const delays: number[] = [];
  const serverDelays: number[] = [];
  let unmatched = 0;
  // A position may be reported more than once (e.g. drawn, then redrawn by a list refresh):
  // the first draw counts.
  const seen = new Set<string>();
  for (const batch of applied) {
    for (const p of batch.positions) {
      const key = `${p.terminalID}|${Date.parse(p.utcTime) / 1000}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const at = sent.get(key);
      if (at === undefined) unmatched++;
      else if (at >= from) {
        delays.push(batch.at - at);
        const ws = arrived.get(key);
        if (ws !== undefined) serverDelays.push(ws - at);
      }
    }
  }
  return { delays, serverDelays, unmatched };
}
