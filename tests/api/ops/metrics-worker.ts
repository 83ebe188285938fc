/**
 * A forked process for tests/api/ops-cluster-metrics.test.ts: counts FRAMES gt06 frames, shares
 * its metrics with the primary and says so, then waits to be asked.
 */
import { shareMetricsWithPrimary } from '../../../server/ops/cluster-metrics';
import { countFrame } from '../../../server/ops/metrics';

shareMetricsWithPrimary();
for (let i = 0; i < Number(process.env.FRAMES); i++) countFrame('gt06', i === 0);
process.send!({ type: 'counted' });
