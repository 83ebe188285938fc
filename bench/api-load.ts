import http from 'node:http';

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

/**
 * One POST over a kept-alive connection of `agent`. node:http rather than fetch: at 1,300
 * requests/s the 50 clients' fetch cost 0.53 ms of CPU a request, as much as the server they
 * measure, on the same two cores.
 */
function post(agent: http.Agent, url: URL, headers: Record<string, string>, body: string) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: { ...headers, 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
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
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const url = new URL(base + s.path);
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const started = performance.now();
  const end = started + seconds * 1000;
  const client = async (k: number) => {
    const c: Client = { state: {}, rng: rngOf(k * 7919 + 17) };
    while (performance.now() < end) {
      const t0 = performance.now();
      try {
        const res = await post(agent, url, headers, JSON.stringify(s.body(c)));
        const json = JSON.parse(res.text) as { meta?: { success?: boolean }; data?: unknown };
        latencies.push(performance.now() - t0);
        if (res.status !== 200 || !json.meta?.success) errors++;
        else s.seen?.(c, json.data);
      } catch {
        errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, (_, k) => client(k)));
  agent.destroy();
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
