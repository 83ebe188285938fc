import cluster, { type Worker } from 'node:cluster';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { clusterMetricsText } from '../../server/ops/cluster-metrics';

/**
 * A node:cluster gateway's primary answers one /metrics for all its processes (issue 17): two
 * real forked processes count frames, the primary's text holds their sum.
 */
const workers: Worker[] = [];
afterAll(() => workers.forEach((w) => w.process.kill('SIGKILL')));

const sample = (text: string, line: string) =>
  Number(
    text
      .split('\n')
      .find((l) => l.startsWith(`${line} `))
      ?.split(' ')
      .pop(),
  );

describe('metrics of a gateway cluster', () => {
  it('sums the processes in the primary', async () => {
    cluster.setupPrimary({
      exec: fileURLToPath(new URL('./ops/metrics-worker.ts', import.meta.url)),
      execArgv: ['--import', 'tsx'],
    });
    const text = clusterMetricsText();
    await Promise.all(
      [3, 4].map(
        (frames) =>
          new Promise<void>((resolve, reject) => {
            const w = cluster.fork({ FRAMES: String(frames) });
            workers.push(w);
            w.on('message', (m: { type?: string }) => m.type === 'counted' && resolve());
            w.on('exit', (code) => reject(new Error(`worker exited ${code}`)));
          }),
      ),
    );
    const metrics = await text();
    expect(sample(metrics, 'fleetgate_frames_received_total{protocol="gt06"}')).toBe(7);
    expect(sample(metrics, 'fleetgate_frame_decode_errors_total{protocol="gt06"}')).toBe(2);
    expect(metrics).toContain('process_resident_memory_bytes');
  }, 60_000);
});
