import { useEffect, useState } from 'react';
import { ApiError } from '../../providers/http';
import { fetchQuote } from './api';
import type { orderRequest, Quote } from './renewLogic';

type Body = ReturnType<typeof orderRequest>;

export interface QuoteState {
  /** The quote of `body`, or null while none is known for it. */
  quote: Quote | null;
  error: unknown;
  loading: boolean;
  /** The request the quote (or error) answers, to tell a current quote from a stale one. */
  forKey: string | null;
}

/** Waits for the typing to settle before asking: a discount code is checked once, not per key. */
const DEBOUNCE_MS = 400;

/** The live quote of the renew form: asked again when the request changes, older asks aborted. */
export function useQuote(body: Body): Omit<QuoteState, 'forKey'> {
  const key = body ? JSON.stringify(body) : null;
  const [state, setState] = useState<QuoteState>({ quote: null, error: null, loading: false, forKey: null });

  useEffect(() => {
    if (!key) return;
    const ac = new AbortController();
    const timer = setTimeout(() => {
      setState((s) => ({ ...s, loading: true }));
      fetchQuote(JSON.parse(key) as NonNullable<Body>, ac.signal).then(
        (quote) => setState({ quote, error: null, loading: false, forKey: key }),
        (error: unknown) => {
          if (ac.signal.aborted || !(error instanceof Error) || error.name === 'AbortError') return;
          setState({ quote: null, error, loading: false, forKey: key });
        },
      );
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      ac.abort();
    };
  }, [key]);

  const current = key !== null && state.forKey === key;
  return {
    quote: current ? state.quote : null,
    error: current ? state.error : null,
    loading: key !== null && !current,
  };
}

/** The message key of a refused quote (discountCodeUsed, payNotAllowed…), if the API named one. */
export const errorKeyOf = (error: unknown) => (error instanceof ApiError ? error.key : undefined);
