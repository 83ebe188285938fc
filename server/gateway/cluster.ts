import cluster, { type Worker } from 'node:cluster';
import type { GatewayClusterConfig } from './cluster-config';

/** The module each gateway process runs (TypeScript under tsx, .js in a compiled build). */
export const GATEWAY_WORKER_FILE = new URL(
  import.meta.url.endsWith('.ts') ? './cluster-worker.ts' : './cluster-worker.js',
  import.meta.url,
).pathname;

export interface GatewayCluster {
  workers(): Worker[];
  /** SIGTERM to every gateway process (each stops accepting, flushes, closes); resolves when all exited. */
  stop(): Promise<void>;
}

/**
 * In the primary: forks `processes` gateway processes that listen on the same tracker ports
 * (node:cluster hands each accepted connection to one of them; Node 20 has no reusePort), and
 * starts a process again when it dies, so its trackers have somewhere to reconnect to.
 * `exec` and `env` let the benchmark run its instrumented gateway the same way.
 */
export function startGatewayCluster(
  config: GatewayClusterConfig,
  o: { exec?: string; env?: NodeJS.ProcessEnv; log?: (msg: string) => void } = {},
): GatewayCluster {
  const log = o.log ?? ((m: string) => console.log(m));
  cluster.setupPrimary({ exec: o.exec ?? GATEWAY_WORKER_FILE });
  let stopping = false;
  const live = new Set<Worker>();
  const fork = (index: number) => {
    const w = cluster.fork({ ...o.env, GATEWAY_PROCESS_INDEX: String(index) });
    live.add(w);
    w.on('exit', (code, signal) => {
      live.delete(w);
      if (stopping) return;
      log(`[gateway] process ${index} (pid ${w.process.pid}) exited (${signal ?? code}); starting it again`);
      setTimeout(() => !stopping && fork(index), config.restartDelayMs);
    });
  };
  for (let i = 0; i < config.processes; i++) fork(i);
  return {
    workers: () => [...live],
    async stop() {
      stopping = true;
      await Promise.all(
        [...live].map(
          (w) =>
            new Promise<void>((resolve) => {
              if (w.isDead()) return resolve();
              const kill = setTimeout(() => w.process.kill('SIGKILL'), config.stopTimeoutMs);
              w.once('exit', () => {
                clearTimeout(kill);
                resolve();
              });
              w.process.kill('SIGTERM');
            }),
        ),
      );
    },
  };
}
