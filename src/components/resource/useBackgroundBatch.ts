import { useCallback, useEffect, useRef, useState } from 'react';
import { request } from '../../providers/http';
import { newBatchId, watchBatch } from '../../providers/live-batch';
import type { BatchState } from './useBatchRun';

export interface BackgroundBatchState extends BatchState {
  /** The batch's key once the server took it (links its results). */
  batchId: string | null;
  cancelling: boolean;
}

const IDLE: BackgroundBatchState = {
  running: false,
  done: 0,
  total: 0,
  failed: 0,
  result: null,
  error: null,
  batchId: null,
  cancelling: false,
};

/**
 * A batch the server runs after answering (one command to thousands of devices): listening
 * starts before the request leaves, the call answers with the total at once, progress arrives
 * over the websocket until every device is settled, and cancel stops what has not started.
 */
export function useBackgroundBatch(cancelEndpoint: string) {
  const [state, setState] = useState<BackgroundBatchState>(IDLE);
  const watch = useRef<{ close: () => void } | null>(null);
  useEffect(() => () => watch.current?.close(), []);

  const finish = useCallback((total: number, failed: number) => {
    watch.current?.close();
    watch.current = null;
    setState((s) => ({
      ...s,
      running: false,
      cancelling: false,
      done: total,
      total,
      failed,
      result: { total, succeeded: total - failed, failed: [], failedCount: failed },
    }));
  }, []);

  const start = useCallback(
    async (endpoint: string, body: Record<string, unknown>) => {
      const batchId = newBatchId();
      setState({ ...IDLE, running: true, batchId });
      watch.current?.close();
      watch.current = await watchBatch(batchId, (p) => {
        if (p.total > 0 && p.done >= p.total) finish(p.total, p.failed);
        else setState((s) => (s.running ? { ...s, done: p.done, total: p.total, failed: p.failed } : s));
      });
      try {
        const r = await request<{ total: number }>(endpoint, { ...body, batchId });
        setState((s) => (s.running && s.total === 0 ? { ...s, total: r.total } : s));
      } catch (error) {
        watch.current?.close();
        setState((s) => ({ ...s, running: false, error }));
      }
    },
    [finish],
  );

  const cancel = useCallback(async () => {
    if (!state.batchId) return;
    setState((s) => ({ ...s, cancelling: true }));
    try {
      await request(cancelEndpoint, { batchId: state.batchId });
    } catch (error) {
      setState((s) => ({ ...s, cancelling: false, error }));
    }
  }, [cancelEndpoint, state.batchId]);

  return { state, start, cancel };
}
