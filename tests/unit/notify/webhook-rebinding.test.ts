import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PrivateAddressError, type Resolver } from '../../../server/notify/address-guard';
import { postWebhook } from '../../../server/notify/webhook';

/**
 * DNS rebinding: a name that answers a public address when the guard checks it and a private one
 * when the client connects must not reach the private one. The receiver here is on loopback and
 * counts what reaches it; the resolver is injected. The name is `localhost`, so a client that
 * resolved it again itself (not through the checked answer) would reach the receiver.
 */
let server: http.Server;
let port: number;
let hits = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    hits++;
    req.resume();
    res.end('ok');
  });
  // Every local address (dual stack): `localhost` reaches it whether the system says ::1 or 127.0.0.1.
  await new Promise<void>((r) => server.listen(0, r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

/** Answers each address in turn, the last one ever after. */
function answers(...addresses: string[]): Resolver {
  let i = 0;
  return async () => [{ address: addresses[Math.min(i++, addresses.length - 1)], family: 4 }];
}

describe('postWebhook connects to the address it checked', () => {
  it('cannot reach a private address a name rebinds to after the check', async () => {
    const before = hits;
    const sent = postWebhook(`http://localhost:${port}/hook`, 's', '{}', 1, 2000, new Date(), {
      resolve: answers('93.184.216.34', '127.0.0.1'),
    });
    await expect(sent).rejects.toThrow();
    expect(hits).toBe(before);
  });

  it('refuses a private IP literal itself, without a guard call before it', async () => {
    const before = hits;
    await expect(postWebhook(`http://127.0.0.1:${port}/hook`, 's', '{}', 1, 2000)).rejects.toBeInstanceOf(
      PrivateAddressError,
    );
    expect(hits).toBe(before);
  });

  it('refuses a name that resolves to a private address', async () => {
    const before = hits;
    await expect(
      postWebhook(`http://inside.example:${port}/hook`, 's', '{}', 1, 2000, new Date(), {
        resolve: answers('127.0.0.1'),
      }),
    ).rejects.toBeInstanceOf(PrivateAddressError);
    expect(hits).toBe(before);
  });

  it('with NOTIFY_WEBHOOK_PRIVATE=allow, delivers to a private receiver through the resolved address', async () => {
    const before = hits;
    await postWebhook(`http://inside.example:${port}/hook`, 's', '{}', 1, 2000, new Date(), {
      allowPrivate: true,
      resolve: answers('127.0.0.1'),
    });
    expect(hits).toBe(before + 1);
  });
});
