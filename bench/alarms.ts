/**
 * npm run bench:alarms -- [--devices 10000] [--rate 2] [--seconds 60] [--fences 10000]
 *                         [--allocations 100000] [--probes 20] [--db pg|pglite|both]
 *
 * The ingest load of bench:ingest twice into a fresh database: without fences, then with
 * `fences` fences and `allocations` allocations held by the alarm engine, each stored position
 * evaluated against them before it is published. Reports the stored/s of both and the loss;
 * and, with fences, the delay from the TCP frame of a probe tracker crossing its fence to the
 * alarm's arrival at a websocket client of the owner (issue 12: loss < 10 %, p95 < 1 s).
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { runIngest, type IngestResult } from './support/ingest-run';

const { values } = parseArgs({
  options: {
    devices: { type: 'string', default: '10000' },
    rate: { type: 'string', default: '2' },
    seconds: { type: 'string', default: '60' },
    warmup: { type: 'string', default: '15' },
    fences: { type: 'string', default: '10000' },
    allocations: { type: 'string', default: '100000' },
    probes: { type: 'string', default: '20' },
    db: { type: 'string', default: 'pg' },
    'pg-url': {
      type: 'string',
      default: process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test',
    },
  },
});
const base = {
  devices: Number(values.devices),
  rate: Number(values.rate),
  seconds: Number(values.seconds),
  warmup: Number(values.warmup),
  pgUrl: values['pg-url']!,
  web: true,
};
const fenced = {
  fences: Number(values.fences),
  allocations: Number(values.allocations),
  probes: Number(values.probes),
};

const kinds: ('pg' | 'pglite')[] = values.db === 'both' ? ['pg', 'pglite'] : [values.db as 'pg' | 'pglite'];
const rows: { kind: string; without: IngestResult; with: IngestResult }[] = [];
for (const kind of kinds) {
  console.error(`${kind}: ${base.devices} devices × ${base.rate}/s, without fences…`);
  const without = await runIngest({ kind, ...base });
  console.error(`${kind}: the same with ${fenced.fences} fences and ${fenced.allocations} allocations…`);
  const withFences = await runIngest({ kind, ...base, ...fenced });
  rows.push({ kind, without, with: withFences });
}

console.log(
  `\nMachine: ${os.cpus().length} × ${os.cpus()[0].model}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
console.log(
  '| database | offered/s | stored/s without fences | stored/s with fences | loss | ratio to 10 % | index load ms | probe alarms sent / received | frame → websocket p50 ms | p95 ms | ratio to 1 s | max ms |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const r of rows) {
  const loss = 1 - r.with.stored / r.without.stored;
  const a = r.with.alarms!;
  console.log(
    `| ${r.kind} | ${r.with.offered} | ${r.without.stored} | ${r.with.stored} | ${(loss * 100).toFixed(1)} % | ${(loss / 0.1).toFixed(2)} | ${r.with.indexLoadMs} | ${a.sent} / ${a.received} | ${a.p50} | ${a.p95} | ${(a.p95 / 1000).toFixed(2)} | ${a.max} |`,
  );
}
// What the alarm delay is made of: the frame-to-commit latency of every position, both runs.
console.log('\n| database | run | frame → commit p50 ms | p99 ms | gateway RSS MB |');
console.log('|---|---|---|---|---|');
for (const r of rows)
  for (const [run, x] of [
    ['without fences', r.without],
    ['with fences', r.with],
  ] as const)
    console.log(`| ${r.kind} | ${run} | ${x.p50} | ${x.p99} | ${x.maxRssMb} |`);
