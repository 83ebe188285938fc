/**
 * npm run bench:commands -- [--devices 10000] [--rate 2] [--warmup 10] [--seconds 30]
 *                           [--db pg|pglite|both] [--nodes 1|2|both] [--batch-rate N]
 *                           [--command-key uploadInterval --params '{"interval":30}' | --content 'STATUS#']
 *                           [--max-batch-seconds S] [--pg-log-slow-ms 100]
 *
 * One command batch to every tracker of a connected fleet (issue 13): N simulated trackers,
 * GT06 and JT/T 808 alternating, reporting `rate` positions a second each. After a baseline
 * window, one multipleCmd to all of them; reports the time from the request until every item
 * is classified, the items by status, and the stored/s during the batch against the baseline.
 * Layouts: one node per database; on PostgreSQL also two nodes over NATS (API on the first).
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config';
import { runCommands, type CommandRunResult } from './support/command-run';

const { values } = parseArgs({
  options: {
    devices: { type: 'string', default: '10000' },
    rate: { type: 'string', default: '2' },
    warmup: { type: 'string', default: '10' },
    seconds: { type: 'string', default: '30' },
    db: { type: 'string', default: 'pg' },
    nodes: { type: 'string', default: 'both' },
    'batch-rate': { type: 'string' },
    'command-timeout': { type: 'string' },
    'command-key': { type: 'string', default: 'uploadInterval' },
    params: { type: 'string', default: '{"interval":30}' },
    content: { type: 'string' },
    'max-batch-seconds': { type: 'string' },
    'pg-log-slow-ms': { type: 'string' },
    'pg-url': {
      type: 'string',
      default: process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test',
    },
    'nats-url': { type: 'string', default: process.env.NATS_URL ?? 'nats://127.0.0.1:4222' },
  },
});

const devices = Number(values.devices);
// The nodes' pacing: given, or the server's default, which the report names.
const batchRate = values['batch-rate'] ? Number(values['batch-rate']) : undefined;
const effectiveRate = batchRate ?? loadConfig().commandBatch.ratePerSecond;
const command = values.content
  ? { content: values.content }
  : { commandKey: values['command-key'], params: JSON.parse(values.params!) as Record<string, unknown> };
const kinds: ('pg' | 'pglite')[] = values.db === 'both' ? ['pg', 'pglite'] : [values.db as 'pg' | 'pglite'];
// Two nodes share one database: PostgreSQL only (PGlite lives inside its process).
const layouts = kinds.flatMap((kind) =>
  (values.nodes === 'both' ? [1, 2] : [Number(values.nodes)])
    .filter((n) => n === 1 || kind === 'pg')
    .map((nodes) => ({ kind, nodes: nodes as 1 | 2 })),
);

const results: CommandRunResult[] = [];
for (const l of layouts) {
  results.push(
    await runCommands({
      ...l,
      devices,
      rate: Number(values.rate),
      warmup: Number(values.warmup),
      seconds: Number(values.seconds),
      pgUrl: values['pg-url']!,
      natsUrl: values['nats-url']!,
      batchRate,
      commandTimeout: values['command-timeout'] ? Number(values['command-timeout']) : undefined,
      command,
      pgLogSlowMs: values['pg-log-slow-ms'] ? Number(values['pg-log-slow-ms']) : undefined,
      maxBatchSeconds: Number(values['max-batch-seconds'] ?? Math.ceil(devices / effectiveRate) + 300),
    }),
  );
  console.error(JSON.stringify(results.at(-1)));
}

const s = (ms: number | null) => (ms == null ? '–' : `${(ms / 1000).toFixed(1)} s`);
const n = (v: number | null | undefined) => (v == null ? '–' : v.toLocaleString('en-US'));
console.log(
  `\nMachine: ${os.cpus().length} × ${os.cpus()[0].model}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
console.log(
  `Fleet: ${devices} trackers (GT06 and JT/T 808 alternating) × ${values.rate} positions/s; batch ${JSON.stringify(command)}, COMMAND_BATCH_RATE ${effectiveRate}${batchRate ? '' : ' (default)'}\n`,
);
console.log(
  '| layout | offered/s | stored/s baseline | stored/s during batch | ratio | request answered | last command at a tracker | last item classified | final websocket message | items by status | trackers reached (twice) |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|');
for (const r of results) {
  const by = Object.entries(r.figures.byStatus)
    .map(([k, v]) => `${k} ${n(v)}`)
    .join(', ');
  console.log(
    `| ${r.layout} | ${n(r.baseline.offered)} | ${n(r.baseline.stored)} | ${n(r.batch.stored)} | ${(r.batch.stored / r.baseline.stored).toFixed(2)} | ${r.answeredMs} ms | ${s(r.lastCommandMs)} | ${s(r.lastItemMs)} | ${s(r.finalMs)} | ${by} | ${n(r.tally.trackers)} (${n(r.tally.repeated)}) |`,
  );
}
// What bounds the time: the pacing (sends spread at the batch rate) or the trackers' replies.
console.log(
  '\n| layout | commands sent over | pace achieved (items/s) | send → reply p50 | p95 | max | timed out: command reached the tracker (send → arrival p50 / max) | progress messages |',
);
console.log('|---|---|---|---|---|---|---|---|');
for (const r of results) {
  const f = r.figures;
  const spread = f.firstSentMs != null && f.lastSentMs != null ? f.lastSentMs - f.firstSentMs : null;
  const t = r.reached;
  console.log(
    `| ${r.layout} | ${s(spread)} | ${spread ? Math.round((f.commands * 1000) / spread) : '–'} | ${n(f.replyP50Ms)} ms | ${n(f.replyP95Ms)} ms | ${n(f.replyMaxMs)} ms | ${t.reached} of ${t.timedOut}${t.reached ? ` (${n(t.delayP50)} / ${n(t.delayMax)} ms)` : ''} | ${r.progressMessages} |`,
  );
}
console.log(
  '\n| layout | window | seconds | node event loop p99 per second, median / worst (ms) | longest delay (ms) | load generator p99 / max (ms) |',
);
console.log('|---|---|---|---|---|---|');
for (const r of results)
  for (const [name, w] of [
    ['baseline', r.baseline],
    ['batch', r.batch],
  ] as const)
    console.log(
      `| ${r.layout} | ${name} | ${w.seconds} | ${w.loop.map((l) => `${l.node}: ${l.p99Median} / ${l.p99Worst}`).join('; ')} | ${w.loop.map((l) => `${l.node}: ${l.max}`).join('; ')} | ${w.generator.p99} / ${w.generator.max} |`,
    );
