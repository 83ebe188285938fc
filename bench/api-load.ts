/**
 * The load of `npm run bench:api`: `connections` clients, each sending its next request as soon
 * as the previous answer arrived, for `seconds`. Unlike a fixed request replayed (autocannon),
 * every request is built by the scenario from the client's own state, so clients can ask
 * random pages or follow the cursors of the page they were given. Latency is measured per
 * request, from send to the parsed answer.
 */
export interface Client {
  /** Whatever the scenario keeps between one client's requests (e.g. its last cursor). */
  state: Record<string, unknown>;
  rng: () => number;
}

export interface Scenario {
  name: string;
  path: string;
  /** The body of a client's next request. */
  body: (c: Client) => object;
  /** Sees each answer's `data` (to keep the cursor). */
  seen?: (c: Client, data: unknown) => void;
  targetP99?: number;
}

export interface LoadResult {
  requests: number;
  errors: number;
  seconds: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** A small deterministic generator per client, so runs ask comparable pages. */
function rngOf(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
}

export async function runLoad(
  base: string,
  token: string,
  s: Scenario,
  connections: number,
  seconds: number,
): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  const client = async (k: number) => {
    const c: Client = { state: {}, rng: rngOf(k * 7919 + 17) };
    while (performance.now() < end) {
      const t0 = performance.now();
      try {
        const res = await fetch(base + s.path, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify(s.body(c)),
        });
        const json = (await res.json()) as { meta?: { success?: boolean }; data?: unknown };
        latencies.push(performance.now() - t0);
        if (!res.ok || !json.meta?.success) errors++;
        else s.seen?.(c, json.data);
      } catch {
        errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, (_, k) => client(k)));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (p: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0);
  return {
    requests: latencies.length,
    errors,
    seconds: elapsed,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    max: Math.round(latencies.at(-1) ?? 0),
  };
}
