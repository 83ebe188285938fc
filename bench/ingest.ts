/**
 * npm run bench:ingest -- [--devices 10000] [--rate 2] [--seconds 60] [--db pg|pglite|both]
 *   [--gateways 1] [--writer worker|inline] [--generator-cpus 1] [--gateway-cpus 0]
 *   [--protocol gt06|teltonika|h02|tk103|meitrack]
 *
 * N simulated GT06 (or Teltonika: one Codec 8 record per packet, each acked once stored) trackers, each sending `rate` positions a second over loopback TCP, into
 * `gateways` gateway processes sharing one port, with their own database. Reports sustained
 * stored positions/s, p50/p99 frame-to-committed latency and the largest gateway process's
 * memory; then the direct-insert limit (the same rows through the same writers without
 * sockets) and the ratio. On 4+ cores the load generator is pinned to the last core with
 * taskset and the gateways to the others; `--generator-cpus` / `--gateway-cpus` choose.
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { BENCH_PROTOCOLS, isBenchProtocol, runIngest, type IngestResult } from './support/ingest-run';

const { values } = parseArgs({
  options: {
    devices: { type: 'string', default: '10000' },
    rate: { type: 'string', default: '2' },
    seconds: { type: 'string', default: '60' },
    warmup: { type: 'string', default: '10' },
    db: { type: 'string', default: 'both' },
    gateways: { type: 'string', default: '1' },
    writer: { type: 'string', default: 'worker' },
    protocol: { type: 'string', default: 'gt06' },
    'generator-cpus': { type: 'string' },
    'gateway-cpus': { type: 'string' },
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
const gateways = Number(values.gateways);
const writer = values.writer === 'inline' ? 'inline' : 'worker';
if (!isBenchProtocol(values.protocol!)) throw new Error(`--protocol must be one of ${BENCH_PROTOCOLS.join(', ')}`);
const protocol = values.protocol;

const hasTaskset = (() => {
  try {
    execFileSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
const cores = os.cpus().length;
// On 2 cores a pinned generator shares its one core with PostgreSQL and offers less
// (docs/benchmarks.md, issue 17 steps): pin it by default only where the gateways keep 3+.
const generatorCpus = values['generator-cpus'] ?? (hasTaskset && cores >= 4 ? String(cores - 1) : undefined);
const gatewayCpus = values['gateway-cpus'] ?? (generatorCpus && cores >= 4 ? `0-${cores - 2}` : undefined);

const kinds: ('pg' | 'pglite')[] = values.db === 'both' ? ['pg', 'pglite'] : [values.db as 'pg' | 'pglite'];
const results: IngestResult[] = [];
for (const k of kinds) {
  // PGlite is one process's database.
  const n = k === 'pglite' ? 1 : gateways;
  console.error(
    `running ${k}: ${devices} ${protocol} devices × ${rate}/s for ${seconds} s (+${warmup} s warm-up), ${n} gateway process(es), writer ${writer}…`,
  );
  results.push(
    await runIngest({
      kind: k,
      devices,
      rate,
      seconds,
      warmup,
      pgUrl: values['pg-url']!,
      gateways: n,
      writer,
      protocol,
      generatorCpus,
      gatewayCpus,
    }),
  );
}
console.log(
  `\nMachine: ${cores} × ${os.cpus()[0].model}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
);
for (const r of results)
  console.log(
    `${r.db}: load generator on cores ${r.cpus.generator}; gateway processes on ${r.cpus.gateways}`,
  );
console.log(
  '| database | gateways | devices | offered/s | stored/s | p50 ms | p99 ms | RSS MB (largest process) | direct insert/s | stored ÷ direct | load avg |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|');
for (const r of results) {
  console.log(
    `| ${r.db} | ${r.gateways} | ${r.devices} | ${r.offered} | ${r.stored} | ${r.p50} | ${r.p99} | ${r.maxRssMb} | ${r.direct} | ${(r.stored / r.direct).toFixed(2)} | ${r.load.toFixed(1)} |`,
  );
}
