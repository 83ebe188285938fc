import { useCallback, useState } from 'react';
import { request } from '../../providers/http';
import { newBatchId, watchBatch } from '../../providers/live-batch';

/** The answer of every batch call (docs/api/devices.md). */
export interface BatchResult {
  total: number;
  succeeded: number;
  failed: { terminalID: string; key: string; message: string }[];
  /** Failures counted without their rows (a batch run on the server reports only how many). */
  failedCount?: number;
  /** Passwords the server drew for the devices (a reset): shown once. */
  passwords?: { terminalID: string; password: string }[];
}

export interface BatchState {
  running: boolean;
  done: number;
  total: number;
  failed: number;
  result: BatchResult | null;
  error: unknown;
}

const IDLE: BatchState = { running: false, done: 0, total: 0, failed: 0, result: null, error: null };

/**
 * Runs one batch call: a client-chosen batchId, the websocket listening before the request
 * leaves (so no progress is missed), progress into state as it arrives, the result at the end.
 */
export function useBatchRun() {
  const [state, setState] = useState<BatchState>(IDLE);

  const run = useCallback(async (endpoint: string, terminalIDs: string[], extra: Record<string, unknown>) => {
    const batchId = newBatchId();
    setState({ ...IDLE, running: true, total: terminalIDs.length });
    const watch = await watchBatch(batchId, (p) =>
      setState((s) => (s.running ? { ...s, done: p.done, total: p.total, failed: p.failed } : s)),
    );
    try {
      const result = await request<BatchResult>(endpoint, { ...extra, terminalIDs, batchId });
      setState({
        running: false,
        done: result.total,
        total: result.total,
        failed: result.failed.length,
        result,
        error: null,
      });
      return result;
    } catch (error) {
      setState((s) => ({ ...s, running: false, error }));
      return null;
    } finally {
      watch.close();
    }
  }, []);

  const reset = useCallback(() => setState(IDLE), []);
  return { state, run, reset };
}
