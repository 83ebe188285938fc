import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { PrivateAddressError, resolveReceiver, systemResolver, type Resolver } from './address-guard';
import { DELIVERY_HEADER, SIGNATURE_HEADER, signBody, TIMESTAMP_HEADER } from './signature';

export interface WebhookTarget {
  /** NOTIFY_WEBHOOK_PRIVATE=allow: private receivers are allowed (address-guard.ts). */
  allowPrivate?: boolean;
  /** Name resolution; the system's by default (tests inject one). */
  resolve?: Resolver;
}

/**
 * One webhook POST. Resolves when the receiver answered 2xx; rejects otherwise (another status,
 * a redirect, which is not followed, a network error or the timeout), and the notice is retried.
 * Each attempt is signed anew, so its timestamp is the time it was sent. The connection goes to
 * the very address the guard checked (its `lookup`), not to a second resolution of the name.
 */
export async function postWebhook(
  url: string,
  secret: string,
  body: string,
  deliveryId: number,
  timeoutMs: number,
  now = new Date(),
  target: WebhookTarget = {},
): Promise<void> {
  const timestamp = String(Math.floor(now.getTime() / 1000));
  const u = new URL(url);
  const resolve = target.resolve ?? systemResolver;
  const allowPrivate = !!target.allowPrivate;
  const lookup: LookupFunction = (host, options, cb) => {
    resolveReceiver(host, allowPrivate, resolve).then(
      (a) => {
        if ((options as { all?: boolean }).all) (cb as never as (e: null, a: unknown[]) => void)(null, [a]);
        else cb(null, a.address, a.family);
      },
      (e: Error) => cb(e as NodeJS.ErrnoException, '', 0),
    );
  };
  // An IP literal in the URL is never looked up by node: check it here.
  await resolveReceiver(u.hostname, allowPrivate, resolve);
  const client = u.protocol === 'https:' ? https : http;
  const status = await new Promise<number>((done, fail) => {
    const req = client.request(
      u,
      {
        method: 'POST',
        lookup,
        signal: AbortSignal.timeout(timeoutMs),
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'FleetGate-Webhook/1',
          [TIMESTAMP_HEADER]: timestamp,
          [SIGNATURE_HEADER]: signBody(secret, timestamp, body),
          [DELIVERY_HEADER]: String(deliveryId),
        },
      },
      (res: IncomingMessage) => {
        // The answer's body is not used: release the connection.
        res.resume();
        done(res.statusCode ?? 0);
      },
    );
    // A refusal at connect time (the name changed its answer) stays a refusal: not retried.
    req.on('error', (e) => fail(e instanceof PrivateAddressError ? e : new Error(networkError(e))));
    req.end(body);
  });
  if (status < 200 || status > 299) throw new Error(`HTTP ${status}`);
}

/** A short reason for the log: the timeout, the guard's refusal, or the socket's code (ECONNREFUSED…). */
function networkError(e: unknown): string {
  const err = e as Error & { code?: string; cause?: { name?: string } };
  if (err.name === 'AbortError' && err.cause?.name === 'TimeoutError') return 'timeout';
  if (err.name === 'TimeoutError') return 'timeout';
  return err.code ?? err.message ?? 'network error';
}
