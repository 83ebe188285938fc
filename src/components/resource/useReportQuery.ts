import { useEffect, useMemo, useState } from 'react';
import { request } from '../../providers/http';

type Row = Record<string, unknown>;

export interface ReportState {
  answer: Row | null;
  loading: boolean;
  error: unknown;
}

/**
 * One report call per distinct request (endpoint and body); a newer request aborts the older
 * one, so a slow answer never replaces the one asked last. A null body asks nothing.
 */
export function useReportQuery(endpoint: string, body: Row | null): ReportState {
  const key = useMemo(() => (body ? JSON.stringify(body) : null), [body]);
  const [state, setState] = useState<ReportState & { endpoint?: string }>({
    answer: null,
    loading: body !== null,
    error: null,
  });

  useEffect(() => {
    if (key === null) return;
    const ac = new AbortController();
    // Another report's answer is not shown under this one's columns and chart while it loads.
    setState((s) => ({
      answer: s.endpoint === endpoint ? s.answer : null,
      endpoint,
      loading: true,
      error: null,
    }));
    request<Row>(endpoint, JSON.parse(key), { signal: ac.signal })
      .then((answer) => setState({ answer, endpoint, loading: false, error: null }))
      .catch((error: unknown) => {
        if (!ac.signal.aborted) setState({ answer: null, endpoint, loading: false, error });
      });
    return () => ac.abort();
  }, [endpoint, key]);

  const { answer, loading, error } = state;
  return { answer, loading, error };
}
