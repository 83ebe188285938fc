import os from 'node:os';
import { median } from './stats';

/** Targets of issue 4 for the monitor page in headless Chromium on the 2-core box. */
export const TARGET = { firstRenderMs: 3000, updateP95Ms: 1000, longTaskMs: 200 };

export interface RunResult {
  /** 1-minute load average at the end of the run (the machine is shared). */
  load1: number;
  firstRenderMs: number;
  /** From navigation until the device list's response had arrived. */
  listAnsweredMs: number;
  markers: number;
  listRows: number;
  loadLongestMs: number;
  loadLongTasks: number;
  offeredPerS: number;
  matched: number;
  /** Positions sent in the window that reached the websocket probe. */
  published: number;
  unmatched: number;
  p50: number;
  p95: number;
  /** Send → websocket message at the probe: the server's share of the delay. */
  serverP50: number;
  serverP95: number;
  updateLongestMs: number;
  updateLongTasks: number;
  scrollLongestMs: number;
  profile?: { load: string[]; update: string[] };
}

/** Prints the per-run table and the medians against the targets (markdown, for docs/benchmarks.md). */
export function report(
  results: RunResult[],
  o: { devices: number; markers: number; pumped: number; rate: number; runs: number; seconds: number; warmup: number },
) {
  const { devices: DEVICES, markers, pumped, rate: RATE, runs: RUNS, seconds: SECONDS, warmup: WARMUP } = o;
  const med = (f: (r: RunResult) => number) => median(results.map(f));
  const cpu = os.cpus();
  console.log(
    `\nMachine: ${cpu.length} × ${cpu[0]?.model ?? '?'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, Chromium headless`,
  );
  console.log(
    `Fleet: ${DEVICES} devices in one account, ${markers} with a position; ${RATE} positions/s offered from ${pumped} GT06 connections; ${RUNS} runs, update window ${SECONDS} s after ${WARMUP} s warm-up\n`,
  );
  console.log(
    '| run | first render ms (list answered at) | markers | rows | load longest task ms | offered/s | published / drawn | p50 ms | p95 ms | server p50/p95 ms | update longest task ms | scroll longest task ms | load average |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  results.forEach((r, i) =>
    console.log(
      `| ${i + 1} | ${r.firstRenderMs} (${r.listAnsweredMs}) | ${r.markers} | ${r.listRows} | ${r.loadLongestMs} (${r.loadLongTasks} tasks) | ${r.offeredPerS} | ${r.published} / ${r.matched} | ${r.p50} | ${r.p95} | ${r.serverP50}/${r.serverP95} | ${r.updateLongestMs} (${r.updateLongTasks} tasks) | ${r.scrollLongestMs} | ${r.load1.toFixed(1)} |`,
    ),
  );
  const rows: [string, number, number][] = [
    ['first full render (ms)', med((r) => r.firstRenderMs), TARGET.firstRenderMs],
    ['update-to-screen p95 (ms)', med((r) => r.p95), TARGET.updateP95Ms],
    ['longest task, load (ms)', med((r) => r.loadLongestMs), TARGET.longTaskMs],
    ['longest task, updates (ms)', med((r) => r.updateLongestMs), TARGET.longTaskMs],
    ['longest task, scroll (ms)', med((r) => r.scrollLongestMs), TARGET.longTaskMs],
  ];
  console.log('\n| median of runs | value | target | value ÷ target | |');
  console.log('|---|---|---|---|---|');
  for (const [name, v, t] of rows) {
    console.log(`| ${name} | ${v} | < ${t} | ${(v / t).toFixed(2)} | ${v < t ? 'met' : 'MISSED'} |`);
  }
  console.log(`| device list answered, from navigation (ms) | ${med((r) => r.listAnsweredMs)} | | | |`);
  console.log(`| update-to-screen p50 (ms) | ${med((r) => r.p50)} | | | |`);
  console.log(
    `| send → websocket p50 / p95 (ms) | ${med((r) => r.serverP50)} / ${med((r) => r.serverP95)} | | | |`,
  );
}
