import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CDPSession, Page } from '@playwright/test';

/**
 * A Chromium trace of one phase, reduced to what its longest main-thread tasks did: the trace
 * events nested in each (timers, animation frames, GC, layout, the compositor commit) and a
 * top-down tree of the CPU samples taken inside it. The CPU profile alone (profile.ts) sums a
 * whole phase and cannot say which work shares the one task that misses the 200 ms target.
 */
interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: { name?: string; data?: Record<string, unknown> };
}
interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: CallFrame;
}

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-v8.cpu_profiler',
  'v8',
  'v8.execute',
  'blink.user_timing',
].join(',');

export async function startTrace(page: Page): Promise<{ cdp: CDPSession; events: TraceEvent[] }> {
  const cdp = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => {
    for (const ev of e.value) events.push(ev as unknown as TraceEvent);
  });
  await cdp.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReportEvents' });
  return { cdp, events };
}

export async function stopTrace(t: { cdp: CDPSession; events: TraceEvent[] }): Promise<TraceEvent[]> {
  const done = new Promise<void>((resolve) => t.cdp.once('Tracing.tracingComplete', () => resolve()));
  await t.cdp.send('Tracing.end');
  await done;
  await t.cdp.detach();
  return t.events;
}

/**
 * Writes the trace to a temporary file (it opens in DevTools' Performance panel) and returns
 * its path and the breakdown of its longest tasks as lines.
 */
export function saveTrace(events: TraceEvent[], name: string): string[] {
  const file = join(tmpdir(), `fleetgate-${name}-${Date.now()}.json`);
  writeFileSync(file, JSON.stringify({ traceEvents: events }));
  return [`trace: ${file}`, ...longestTasksBreakdown(events)];
}

const frameKey = (f: CallFrame) =>
  `${f.functionName || '(anonymous)'} ${(f.url ?? '').split('/').pop() || '(native)'}:${(f.lineNumber ?? -1) + 1}`;

/** The `count` longest RunTasks on a renderer main thread, each as text lines. */
export function longestTasksBreakdown(events: TraceEvent[], count = 3, minMs = 6): string[] {
  const mainThreads = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const tasks = events
    .filter((e) => e.ph === 'X' && e.name === 'RunTask' && mainThreads.has(`${e.pid}:${e.tid}`) && e.dur)
    .sort((a, b) => b.dur! - a.dur!)
    .slice(0, count);
  const start = Math.min(...events.filter((e) => e.ts > 0).map((e) => e.ts));
  return tasks.flatMap((task) => [
    `task at +${((task.ts - start) / 1000).toFixed(0)} ms of the trace:`,
    ...taskBreakdown(events, task, minMs),
  ]);
}

function taskBreakdown(events: TraceEvent[], task: TraceEvent, minMs: number): string[] {
  const end = task.ts + task.dur!;
  const out = [`  lasted ${(task.dur! / 1000).toFixed(0)} ms`];

  // Trace events inside the task, outermost first, with their own duration.
  const inner = events
    .filter((e) => e.ph === 'X' && e.pid === task.pid && e.tid === task.tid && e !== task)
    .filter((e) => e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end && (e.dur ?? 0) >= minMs * 1000)
    .sort((a, b) => a.ts - b.ts);
  out.push('trace events inside it (ms from its start, duration):');
  for (const e of inner) {
    const d = e.args?.data as { url?: string; functionName?: string; lineNumber?: number } | undefined;
    const where =
      d?.functionName || d?.url
        ? ` ${d.functionName ?? ''} ${(d.url ?? '').split('/').pop()}:${d.lineNumber ?? ''}`
        : '';
    out.push(
      `  +${((e.ts - task.ts) / 1000).toFixed(0).padStart(4)}  ${((e.dur ?? 0) / 1000).toFixed(1).padStart(6)} ms  ${e.name}${where}`,
    );
  }

  // CPU samples of the same thread inside the task, as a top-down tree of inclusive time.
  const nodes = new Map<number, ProfileNode>();
  const samples: { ts: number; node: number }[] = [];
  const profiles = new Map<string, number>(); // profile id → running timestamp
  // Chunks are written by the sampler thread; the Profile event that opens them names the
  // thread that was sampled.
  for (const e of events) {
    if (e.pid === task.pid && e.tid === task.tid && e.ph === 'P' && e.name === 'Profile') {
      profiles.set(e.id!, Number((e.args?.data as { startTime?: number } | undefined)?.startTime));
    }
  }
  for (const e of events) {
    if (e.pid !== task.pid || e.ph !== 'P' || e.name !== 'ProfileChunk' || !profiles.has(e.id!)) continue;
    const data = e.args?.data as Record<string, unknown> | undefined;
    if (!data) continue;
    const cpu = data.cpuProfile as { nodes?: ProfileNode[]; samples?: number[] } | undefined;
    for (const n of cpu?.nodes ?? []) nodes.set(n.id, n);
    let ts = profiles.get(e.id!) ?? 0;
    const deltas = (data.timeDeltas as number[] | undefined) ?? [];
    (cpu?.samples ?? []).forEach((node, i) => {
      ts += deltas[i] ?? 0;
      samples.push({ ts, node });
    });
    profiles.set(e.id!, ts);
  }
  const inTask = samples.filter((s) => s.ts >= task.ts && s.ts <= end);
  if (!inTask.length) return [...out, 'no CPU samples inside it'];
  const perSample = task.dur! / 1000 / inTask.length;
  interface Tree {
    ms: number;
    kids: Map<string, Tree>;
  }
  const root: Tree = { ms: 0, kids: new Map() };
  for (const s of inTask) {
    const stack: string[] = [];
    for (let n = nodes.get(s.node); n; n = n.parent ? nodes.get(n.parent) : undefined) {
      if (n.callFrame.functionName !== '(root)') stack.push(frameKey(n.callFrame));
    }
    let t = root;
    t.ms += perSample;
    for (const k of stack.reverse()) {
      let next = t.kids.get(k);
      if (!next) t.kids.set(k, (next = { ms: 0, kids: new Map() }));
      next.ms += perSample;
      t = next;
    }
  }
  out.push(`CPU samples inside it (${inTask.length}), inclusive ms, top-down:`);
  const walk = (t: Tree, depth: number) => {
    const kids = [...t.kids.entries()].filter(([, k]) => k.ms >= minMs).sort((a, b) => b[1].ms - a[1].ms);
    for (const [name, k] of kids) {
      out.push(`${'  '.repeat(depth + 1)}${k.ms.toFixed(0).padStart(4)}  ${name}`);
      if (depth < 14) walk(k, depth + 1);
    }
  };
  walk(root, 0);
  return out;
}
