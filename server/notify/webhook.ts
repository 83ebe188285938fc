import { DELIVERY_HEADER, SIGNATURE_HEADER, signBody, TIMESTAMP_HEADER } from './signature';

/**
 * One webhook POST. Resolves when the receiver answered 2xx; rejects otherwise (another status,
 * a redirect, which is not followed, a network error or the timeout), and the notice is retried.
 * Each attempt is signed anew, so its timestamp is the time it was sent.
 */
export async function postWebhook(
  url: string,
  secret: string,
  body: string,
  deliveryId: number,
  timeoutMs: number,
  now = new Date(),
): Promise<void> {
  const timestamp = String(Math.floor(now.getTime() / 1000));
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
      headers: {
        'content-type': 'application/json',
        'user-agent': 'FleetGate-Webhook/1',
        [TIMESTAMP_HEADER]: timestamp,
        [SIGNATURE_HEADER]: signBody(secret, timestamp, body),
        [DELIVERY_HEADER]: String(deliveryId),
      },
    });
  } catch (e) {
    throw new Error(networkError(e));
  }
  // The answer's body is not used: release the connection.
  await res.body?.cancel().catch(() => {});
  if (res.status < 200 || res.status > 299) throw new Error(`HTTP ${res.status}`);
}

/** A short reason for the log: the timeout, or undici's cause (ECONNREFUSED, ENOTFOUND…). */
function networkError(e: unknown): string {
  const err = e as Error & { cause?: { code?: string; message?: string } };
  if (err.name === 'TimeoutError') return 'timeout';
  return err.cause?.code ?? err.cause?.message ?? err.message ?? 'network error';
}
