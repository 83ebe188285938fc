import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDatabase, startHarness, type Harness } from './harness';
import { hintsFor } from './hostile/callers';
import { operationsOf, plausible, plausibleUrl, type Hints, type Operation } from './hostile/operations';
import { BODY_VARIANTS } from './hostile/variants';

/**
 * The over-the-wire part of the hostile-input test (tests/api/hostile-input.test.ts sends its
 * requests in-process): what only a real socket shows, the body as bytes under its headers,
 * read by the HTTP parser. Every documented operation gets, as an agent over HTTP, its plausible
 * request, every malformed whole body, and bodies a client can only send as bytes. No answer
 * may be a 5xx or take over SLOW_MS; every request gets an answer. A new route is covered
 * without editing this file.
 */
const SLOW_MS = 5_000;

let h: Harness;
let base: string;
let token: string;
let hints: Hints;
let ops: Operation[];

beforeAll(async () => {
  h = await startHarness();
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
  token = await freshLogin();
  hints = await hintsFor(h, 'agent', token);
  ops = operationsOf(h.app.swagger() as Parameters<typeof operationsOf>[0]);
});
afterAll(async () => {
  await h.close();
  await closeDatabase();
});

interface Sent {
  label: string;
  body?: string | Blob;
  headers?: Record<string, string>;
}

/** Bodies only bytes can carry: not UTF-8, a type that is not JSON, a compression not applied. */
const BYTE_BODIES: Sent[] = [
  { label: 'invalid UTF-8', body: new Blob([new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d])]) },
  { label: 'JSON sent as text/plain', body: '{"a":1}', headers: { 'content-type': 'text/plain' } },
  { label: 'gzip that is not', body: '{"a":1}', headers: { 'content-encoding': 'gzip' } },
];

function requestsFor(op: Operation): Sent[] {
  const plain = op.body ? JSON.stringify(plausible(op.body, '', hints)) : undefined;
  const out: Sent[] = [{ label: 'plausible', body: plain }];
  if (op.method !== 'GET') out.push(...BODY_VARIANTS.map((b) => ({ label: b.label, body: b.raw })), ...BYTE_BODIES);
  return out;
}

async function freshLogin(): Promise<string> {
  const r = await h.post('/api/login', { username: 'agent', password: '123456' });
  return r.data.token as string;
}

describe('hostile input over HTTP', () => {
  it('every operation answers every malformed body without a 5xx or a hang', async () => {
    expect(ops.length).toBeGreaterThan(50);
    const problems: string[] = [];
    let requests = 0;
    for (const op of ops) {
      const url = base + plausibleUrl(op, hints);
      for (const r of requestsFor(op)) {
        const started = performance.now();
        const what = `${op.method} ${op.path} ${r.label}`;
        try {
          const res = await fetch(url, {
            method: op.method,
            body: r.body,
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...r.headers },
            signal: AbortSignal.timeout(SLOW_MS * 3),
          });
          await res.arrayBuffer();
          if (res.status >= 500) problems.push(`${what}: ${res.status}`);
          if (res.status === 401) token = await freshLogin(); // a logout ended the session
        } catch (e) {
          problems.push(`${what}: no answer (${(e as Error).message})`);
        }
        const ms = performance.now() - started;
        if (ms > SLOW_MS) problems.push(`${what}: ${Math.round(ms)} ms`);
        requests++;
      }
    }
    console.log(`hostile input over HTTP: ${ops.length} operations, ${requests} requests`);
    expect(problems.slice(0, 40)).toEqual([]);
  }, 600_000);
});
