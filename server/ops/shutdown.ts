import type { FastifyBaseLogger } from 'fastify';
import type { OpsState } from './health';

export interface ShutdownStep {
  label: string;
  run: () => Promise<unknown>;
}

/**
 * Graceful shutdown on SIGTERM and SIGINT: /ready answers 503 from the first moment (state),
 * then the steps run in order, each logged with its duration, then the process exits 0. Past
 * `timeoutMs` it exits 1 whatever is still running (a database that never comes back must not
 * keep an orchestrator waiting forever); a second signal exits at once.
 */
export function installShutdown(opts: {
  state: OpsState;
  timeoutMs: number;
  log: FastifyBaseLogger;
  steps: () => ShutdownStep[];
}) {
  const { state, log } = opts;
  const stop = async (signal: string) => {
    if (state.stopping) {
      log.warn(`${signal} again: exiting without finishing the shutdown`);
      process.exit(1);
    }
    state.stopping = true;
    log.warn(`${signal}: shutting down (deadline ${opts.timeoutMs} ms)`);
    setTimeout(() => {
      log.error('shutdown deadline passed: exiting with work unfinished');
      process.exit(1);
    }, opts.timeoutMs).unref();
    const started = Date.now();
    try {
      for (const step of opts.steps()) {
        const t = Date.now();
        await step.run();
        log.info(`shutdown: ${step.label} (${Date.now() - t} ms)`);
      }
    } catch (err) {
      log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
    log.warn(`shutdown complete in ${Date.now() - started} ms`);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}
