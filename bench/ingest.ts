/**
 * npm run bench:ingest -- [--devices 10000] [--rate 2] [--seconds 60] [--db pg|pglite|both]
 *
 * N simulated GT06 trackers, each sending `rate` positions a second over loopback TCP, into a
 * gateway process with its own database. Reports sustained stored positions/s, p50/p99
 * frame-to-committed latency and gateway memory; then the direct-insert limit (the same rows
 * through the same writer without sockets) and the ratio.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { runIngest, type IngestResult } from './support/ingest-run';

const { values } = parseArgs({
  options: {
    devices: { type: 'string', default: '10000' },
    rate: { type: 'string', default: '2' },
    seconds: { type: 'string', default: '60' },
    warmup: { type: 'string', default: '10' },
    db: { type: 'string', default: 'both' },
    'pg-url': {
      type: 'string',
      default: process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test',
    },
  },
});
const devices = Number(values.devices);
const rate = Number(values.rate);
const seconds = Number(values.seconds);
const warmup = Number(values.warmup);

const kinds: ('pg' | 'pglite')[] = values.db === 'both' ? ['pg', 'pglite'] : [values.db as 'pg' | 'pglite'];
const results: IngestResult[] = [];
for (const k of kinds) {
  console.error(`running ${k}: ${devices} devices × ${rate}/s for ${seconds} s (+${warmup} s warm-up)…`);
  results.push(await runIngest({ kind: k, devices, rate, seconds, warmup, pgUrl: values['pg-url']! }));
}
console.log(
  `\nMachine: ${os.cpus().length} × ${os.cpus()[0].model}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
);
console.log(
  '| database | devices | offered/s | stored/s | p50 ms | p99 ms | gateway RSS MB | direct insert/s | stored ÷ direct |',
);
console.log('|---|---|---|---|---|---|---|---|---|');
for (const r of results) {
  console.log(
    `| ${r.db} | ${r.devices} | ${r.offered} | ${r.stored} | ${r.p50} | ${r.p99} | ${r.maxRssMb} | ${r.direct} | ${(r.stored / r.direct).toFixed(2)} |`,
  );
}
