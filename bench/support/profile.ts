import type { CDPSession, Page } from '@playwright/test';

/**
 * A Chromium CPU profile of the page over one phase, summarised as self time per function:
 * the "where does the main thread go" answer when a phase misses its target.
 */
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
}

export async function startProfile(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  return cdp;
}

export async function stopProfile(cdp: CDPSession, top = 12): Promise<string[]> {
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
  await cdp.detach();
  const total = profile.samples?.length ?? 0;
  const ms = (profile.endTime - profile.startTime) / 1000;
  const self = new Map<string, number>();
  for (const n of profile.nodes) {
    const f = n.callFrame;
    if (f.functionName === '(idle)' || f.functionName === '(program)') continue;
    const file = f.url.split('/').pop() || f.url || '(native)';
    const key = `${f.functionName || '(anonymous)'} ${file}:${f.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (n.hitCount ?? 0));
  }
  return [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([k, hits]) => `${((hits / Math.max(1, total)) * ms).toFixed(0).padStart(6)} ms  ${k}`);
}
