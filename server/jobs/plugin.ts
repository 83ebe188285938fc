import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { TrackRollupJob } from './track-rollup';

/**
 * Starts the daily track rollup job with the server and stops it (waiting for a run in
 * progress) when the server closes. TRACK_ROLLUP_INTERVAL_MS sets the pause between runs
 * (default 60,000; 0 turns the job off, for example on API-only nodes of a cluster when one
 * node is enough: every run is idempotent, so several nodes only repeat work).
 */
export default fp(async function trackJobs(app: FastifyInstance) {
  const env = process.env.TRACK_ROLLUP_INTERVAL_MS;
  const intervalMs = env === undefined || env === '' ? 60_000 : Number(env);
  if (!Number.isFinite(intervalMs) || intervalMs <= 0) return;
  const job = new TrackRollupJob(app.db, { intervalMs });
  app.addHook('onReady', async () => job.start());
  app.addHook('onClose', async () => job.stop());
});
