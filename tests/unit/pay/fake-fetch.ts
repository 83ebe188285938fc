import { vi } from 'vitest';

/** One request a provider adapter made, as the fake fetch saw it. */
export interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
}
export type Reply = { status?: number; body?: unknown };

/** A fetch that records each request and answers from `route` (the adapters' tests). */
export function fakeFetch(route: (c: Call) => Reply) {
  const calls: Call[] = [];
  const fn = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const c: Call = {
      url: String(input),
      method: init?.method ?? 'GET',
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      body: typeof init?.body === 'string' ? init.body : undefined,
    };
    calls.push(c);
    const r = route(c);
    return new Response(r.body === undefined ? null : JSON.stringify(r.body), { status: r.status ?? 200 });
  });
  return { fetch: fn as unknown as typeof fetch, calls };
}
