import { AggregatorRegistry } from 'prom-client';
import { collectProcessMetrics, metricsRegistry } from './metrics';

/**
 * Metrics of a node:cluster gateway (server/gateway/cluster.ts): each gateway process keeps its
 * own figures; the primary asks them all over the cluster's IPC channel when scraped and answers
 * the sum (counters, gauges, histograms; prom-client's process metrics by their own rule, e.g.
 * the event-loop delay averaged). One scrape target per machine instead of one per process.
 */

/** In a forked gateway process: answer the primary's requests with this process's metrics. */
export function shareMetricsWithPrimary() {
  collectProcessMetrics();
  new AggregatorRegistry(); // installs the IPC answer
  AggregatorRegistry.setRegistries([metricsRegistry]);
}

/** In the primary: the text of every live gateway process's metrics, summed. */
export function clusterMetricsText(): () => Promise<string> {
  const aggregator = new AggregatorRegistry();
  return () => aggregator.clusterMetrics();
}
