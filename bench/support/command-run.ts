import { randomUUID } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pg from 'pg';
import { ProgressSocket, apiCall, type Progress } from './batch-client';
import { BenchNode } from './bench-node';
import type { BatchFigures } from './batch-figures';
import { MixedFleet } from './command-fleet';
import { freshPgDatabase } from './ingest-run';
import { median } from './stats';

/**
 * One layout of bench:commands: one node (API and both gateways), or two over NATS (the API
 * and the batch on the first, the trackers split between them). The mixed fleet connects and
 * reports; after a warm-up, a baseline window measures stored/s; then one batch goes to every
 * tracker and a second window runs from the request until the owner's websocket reports the
 * batch done and the database holds no item still pending or sent.
 */
export interface CommandRunOptions {
  kind: 'pg' | 'pglite';
  nodes: 1 | 2;
  devices: number;
  rate: number;
  warmup: number;
  seconds: number;
  pgUrl: string;
  natsUrl: string;
  /** COMMAND_BATCH_RATE for the nodes; undefined: the server's default. */
  batchRate?: number;
  /** COMMAND_TIMEOUT (seconds) for the nodes; undefined: the server's default. */
  commandTimeout?: number;
  command: { commandKey?: string; params?: Record<string, unknown>; content?: string };
  maxBatchSeconds: number;
  /** PostgreSQL logs the bench database's statements slower than this (its server log). */
  pgLogSlowMs?: number;
}

export interface WindowFigures {
  seconds: number;
  offered: number;
  stored: number;
  /** Per node: median and worst of the per-second p99 event-loop delay, worst single delay. */
  loop: { node: string; p99Median: number; p99Worst: number; max: number }[];
  /** The load generator's own event-loop delay (p99, max): trackers answer from that loop. */
  generator: { p99: number; max: number };
}

export interface CommandRunResult {
  layout: string;
  connectSeconds: number;
  baseline: WindowFigures;
  batch: WindowFigures;
  answeredMs: number;
  /** Request → the websocket's final message; null if it never came. */
  finalMs: number | null;
  /** Request → the last item's update in the database. */
  lastItemMs: number | null;
  /** Request → the last command reaching a tracker. */
  lastCommandMs: number | null;
  progressMessages: number;
  final: Progress | null;
  figures: BatchFigures;
  /** findBatches' answer: the batch's counts as the API lists them (in the run's JSON line). */
  listed: unknown;
  tally: { total: number; trackers: number; repeated: number };
  /** Timed-out items whose command did reach the tracker: lost or late replies. */
  reached: ReturnType<MixedFleet['reached']>;
  reconnects: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function loopOf(nodes: BenchNode[]) {
  return nodes.map((n) => {
    const p99 = n.samples.map((s) => s.loopP99Ms);
    return {
      node: n.last.node,
      p99Median: median(p99),
      p99Worst: Math.max(0, ...p99),
      max: Math.max(0, ...n.samples.map((s) => s.loopMaxMs)),
    };
  });
}

const committed = (nodes: BenchNode[]) => nodes.reduce((s, n) => s + n.last.committed, 0);

export async function runCommands(o: CommandRunOptions): Promise<CommandRunResult> {
  const layout = `${o.kind}, ${o.nodes === 1 ? 'one node' : 'two nodes over NATS'}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    BENCH_DEVICES: String(o.devices),
    // The daily track rollup (it runs with the API) is not part of what is measured.
    TRACK_ROLLUP_INTERVAL_MS: '0',
    ...(o.batchRate !== undefined && { COMMAND_BATCH_RATE: String(o.batchRate) }),
    ...(o.commandTimeout !== undefined && { COMMAND_TIMEOUT: String(o.commandTimeout) }),
  };
  if (o.kind === 'pg') {
    env.DATABASE_URL = await freshPgDatabase(o.pgUrl);
    if (o.pgLogSlowMs !== undefined) {
      // For this database only: the shared server's other databases keep their settings.
      const c = new pg.Client({ connectionString: env.DATABASE_URL });
      await c.connect();
      await c.query(`ALTER DATABASE fg_bench SET log_min_duration_statement = ${Math.round(o.pgLogSlowMs)}`);
      await c.end();
    }
  } else delete env.DATABASE_URL;
  if (o.nodes === 2) env.BENCH_NATS_URL = o.natsUrl;

  const nodes: BenchNode[] = [];
  let fleet: MixedFleet | null = null;
  let progress: ProgressSocket | null = null;
  try {
    // Each node its own name: a node marks the unfinished batches of its name interrupted at start.
    const a = new BenchNode({ ...env, BENCH_NODE: 'a', NODE_ID: 'bench-a', BENCH_SEED: '1', BENCH_WEB: '1' });
    nodes.push(a);
    const readyA = await a.next<{ gt06Port: number; jt808Port: number; appPort: number; token: string }>(
      'ready',
    );
    let portsB = { gt06: readyA.gt06Port, jt808: readyA.jt808Port };
    if (o.nodes === 2) {
      const b = new BenchNode({ ...env, BENCH_NODE: 'b', NODE_ID: 'bench-b' });
      nodes.push(b);
      const readyB = await b.next<{ gt06Port: number; jt808Port: number }>('ready');
      portsB = { gt06: readyB.gt06Port, jt808: readyB.jt808Port };
    }
    const portsA = { gt06: readyA.gt06Port, jt808: readyA.jt808Port };
    progress = new ProgressSocket(readyA.appPort, readyA.token);
    await progress.opened();

    // The first half of the fleet (GT06 and 808 alike) on node A, the second on B.
    const trackers = new MixedFleet(o.devices, (i) =>
      o.nodes === 2 && i >= o.devices / 2 ? portsB : portsA,
    );
    fleet = trackers;
    const connectStart = Date.now();
    await trackers.connect();
    const connections = () => nodes.reduce((s, n) => s + n.last.connections, 0);
    while (connections() < o.devices) {
      if (Date.now() - connectStart > 180_000) throw new Error(`only ${connections()} trackers connected`);
      await sleep(1000);
      console.error(`${layout}: connected ${connections()}/${o.devices} (reconnects ${trackers.reconnects})`);
    }
    const connectSeconds = Math.round((Date.now() - connectStart) / 1000);
    trackers.report(o.rate);
    const status = setInterval(
      () => console.error(JSON.stringify(nodes.map((n) => n.last)), `sent ${trackers.sent}`),
      5000,
    );
    status.unref();
    await sleep(o.warmup * 1000);

    // A window: stored and offered per second, and the nodes' event-loop delay within it.
    const generatorLoop = monitorEventLoopDelay({ resolution: 10 });
    generatorLoop.enable();
    const windowStart = () => {
      for (const n of nodes) n.samples = [];
      generatorLoop.reset();
      return { at: Date.now(), committed: committed(nodes), sent: trackers.sent };
    };
    const windowEnd = (s: ReturnType<typeof windowStart>): WindowFigures => {
      const seconds = (Date.now() - s.at) / 1000;
      return {
        seconds: Math.round(seconds),
        offered: Math.round((trackers.sent - s.sent) / seconds),
        stored: Math.round((committed(nodes) - s.committed) / seconds),
        loop: loopOf(nodes),
        generator: {
          p99: Math.round(generatorLoop.percentile(99) / 1e6),
          max: Math.round(generatorLoop.max / 1e6),
        },
      };
    };

    console.error(`${layout}: baseline ${o.seconds} s…`);
    let w = windowStart();
    await sleep(o.seconds * 1000);
    const baseline = windowEnd(w);

    const terminalIDs = trackers.sims.map((s) => s.spec.terminalId);
    const batchId = `bench-${randomUUID()}`;
    trackers.resetCommands();
    console.error(`${layout}: one batch to ${terminalIDs.length} trackers…`);
    w = windowStart();
    const t0 = w.at;
    const answer = await apiCall<{ id: number; batchId: string; total: number }>(
      readyA.appPort,
      readyA.token,
      '/command/multipleCmd',
      { terminalIDs, batchId, ...o.command },
    );
    const answeredMs = Date.now() - t0;
    console.error(`${layout}: answered in ${answeredMs} ms: ${JSON.stringify(answer)}`);
    const final = await progress.final(batchId, o.maxBatchSeconds * 1000);
    const batch = windowEnd(w);
    // Unfinished in time: cancelled, so that stopping the fleet does not turn its commands
    // still in flight into timeouts of the figures.
    if (!final) {
      console.error(`${layout}: not done after ${o.maxBatchSeconds} s; cancelling it`);
      await apiCall(readyA.appPort, readyA.token, '/command/cancelBatch', { batchId }).catch(console.error);
    }

    // The websocket's "done" counts items handled; wait until none is left pending or sent.
    let figures = await a.ask<{ figures: BatchFigures }>('batch-figures', { batchKey: batchId });
    for (let i = 0; i < 60 && (figures.figures.byStatus.pending || figures.figures.byStatus.sent); i++) {
      await sleep(1000);
      figures = await a.ask<{ figures: BatchFigures }>('batch-figures', { batchKey: batchId });
    }
    const f = figures.figures;
    const listed = await apiCall<unknown>(readyA.appPort, readyA.token, '/command/findBatches', {
      pageNum: 1,
      pageSize: 5,
    }).catch((e: Error) => e.message);
    clearInterval(status);
    const result: CommandRunResult = {
      layout,
      connectSeconds,
      baseline,
      batch,
      answeredMs,
      finalMs: final ? final.at - t0 : null,
      lastItemMs: f.createdAtMs != null && f.lastItemMs != null ? f.createdAtMs + f.lastItemMs - t0 : null,
      lastCommandMs: trackers.lastCommandAt ? trackers.lastCommandAt - t0 : null,
      progressMessages: progress.of(batchId).length,
      final,
      figures: f,
      listed,
      tally: trackers.commandTally(),
      reached: trackers.reached(f.timedOut),
      reconnects: trackers.reconnects,
    };
    return result;
  } finally {
    progress?.close();
    fleet?.stop();
    for (const n of nodes) await n.stop();
  }
}
