import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { COMMAND_RESULT } from '../../src/domain/codes';
import type { PositionRecord, PositionWriter } from '../ingest/position-writer';

/**
 * The Prometheus metrics of this process (served at /metrics, server/ops/health.ts). Gauges read
 * their sources when scraped, so nothing is done per frame for them; the per-frame counters are
 * plain numbers handed to prom-client on scrape, because the label lookup of `Counter.inc` would
 * cost more than the frame itself at tens of thousands of frames a second. Sources register with
 * `watch*` and get a function that unregisters them (tests start several servers in one process,
 * whose figures add up).
 */
export const metricsRegistry = new Registry();

let defaultsOn = false;
/** Process metrics and the event-loop delay (nodejs_eventloop_lag_*), once per process. */
export function collectProcessMetrics() {
  if (defaultsOn) return;
  defaultsOn = true;
  collectDefaultMetrics({ register: metricsRegistry });
}

/** Sums over the registered sources of one gauge, by label value. */
class Sources<T> {
  readonly all = new Set<T>();
  add(source: T): () => void {
    this.all.add(source);
    return () => this.all.delete(source);
  }
}

/** A gauge that, when scraped, sums `read` over every watched source. */
function summedGauge<T>(name: string, help: string, read: (source: T) => number): Sources<T> {
  const sources = new Sources<T>();
  new Gauge({
    name,
    help,
    registers: [metricsRegistry],
    collect() {
      let n = 0;
      for (const source of sources.all) n += read(source);
      this.set(n);
    },
  });
  return sources;
}

// ---- tracker connections and frames ------------------------------------------------------

/** Anything that lists live connections by protocol: the gateway's ConnectionRegistry. */
export interface ConnectionSource {
  readonly all: Iterable<{ codec: { protocol: string } }>;
}
const connectionSources = new Sources<ConnectionSource>();
/** Protocols seen once keep reporting (0 when none is connected), so a graph does not gap. */
const protocolsSeen = new Set<string>();

new Gauge({
  name: 'fleetgate_tracker_connections',
  help: 'Open tracker TCP connections by protocol',
  labelNames: ['protocol'],
  registers: [metricsRegistry],
  collect() {
    const counts = new Map<string, number>([...protocolsSeen].map((p) => [p, 0]));
    for (const source of connectionSources.all)
      for (const c of source.all) counts.set(c.codec.protocol, (counts.get(c.codec.protocol) ?? 0) + 1);
    this.reset();
    for (const [protocol, n] of counts) {
      protocolsSeen.add(protocol);
      this.set({ protocol }, n);
    }
  },
});

export const watchConnections = (source: ConnectionSource) => connectionSources.add(source);

/** Frames in by protocol: [decoded, failed to decode]. */
const frames = new Map<string, [number, number]>();

/** Counts one frame received from a tracker; `error` when it did not decode. Hot path. */
export function countFrame(protocol: string, error = false) {
  let f = frames.get(protocol);
  if (!f) frames.set(protocol, (f = [0, 0]));
  f[error ? 1 : 0]++;
}

new Counter({
  name: 'fleetgate_frames_received_total',
  help: 'Frames received from trackers by protocol',
  labelNames: ['protocol'],
  registers: [metricsRegistry],
  collect() {
    this.reset();
    for (const [protocol, [ok, bad]] of frames) this.inc({ protocol }, ok + bad);
  },
});
new Counter({
  name: 'fleetgate_frame_decode_errors_total',
  help: 'Frames from trackers that did not decode, by protocol',
  labelNames: ['protocol'],
  registers: [metricsRegistry],
  collect() {
    this.reset();
    for (const [protocol, [, bad]] of frames) this.inc({ protocol }, bad);
  },
});

// ---- the position writer ------------------------------------------------------------------

const stored = new Counter({
  name: 'fleetgate_positions_stored_total',
  help: 'Positions committed to the database',
  registers: [metricsRegistry],
});
const frameToCommit = new Histogram({
  name: 'fleetgate_frame_to_commit_seconds',
  help: 'From a position frame read off the socket to its INSERT committed',
  buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});
const writers = summedGauge<PositionWriter>(
  'fleetgate_writer_queue_depth',
  'Positions received and not yet committed',
  (w) => w.pending,
);

/** Counts a writer's commits and their delay, and reads its queue depth when scraped. */
export function watchWriter(writer: PositionWriter): () => void {
  const onCommitted = (batch: PositionRecord[]) => {
    const now = Date.now();
    stored.inc(batch.length);
    for (const r of batch) frameToCommit.observe((now - r.serverTime.getTime()) / 1000);
  };
  writer.on('committed', onCommitted);
  const off = writers.add(writer);
  return () => {
    writer.off('committed', onCommitted);
    off();
  };
}

// ---- browsers and commands ----------------------------------------------------------------

const hubs = summedGauge<{ readonly size: number }>(
  'fleetgate_websocket_clients',
  'Browsers connected to the live websocket of this process',
  (h) => h.size,
);

/** The realtime hub (or anything with a client count). */
export const watchRealtime = (hub: { readonly size: number }) => hubs.add(hub);

const RESULT_NAMES = new Map<number, string>(Object.entries(COMMAND_RESULT).map(([k, v]) => [v, k]));
const commandOutcomes = new Counter({
  name: 'fleetgate_command_outcomes_total',
  help: 'Commands sent to trackers through this node, by result (success, timeout, error)',
  labelNames: ['result'],
  registers: [metricsRegistry],
});
for (const name of RESULT_NAMES.values()) commandOutcomes.inc({ result: name }, 0);

/** Counts one command's outcome (a COMMAND_RESULT value). */
export function countCommandOutcome(result: number) {
  commandOutcomes.inc({ result: RESULT_NAMES.get(result) ?? 'other' });
}
