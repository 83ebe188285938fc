import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Webhook signatures (docs/api/notify.md). The receiver recomputes HMAC-SHA256 with the
 * endpoint's secret over `<timestamp>.<raw body>` and compares it with the signature header;
 * the timestamp inside the signed text lets it refuse a captured request replayed later.
 */
export const SIGNATURE_HEADER = 'x-fleetgate-signature';
export const TIMESTAMP_HEADER = 'x-fleetgate-timestamp';
/** The notification id: the same on every retry of one notice, so a receiver can drop repeats. */
export const DELIVERY_HEADER = 'x-fleetgate-delivery';

/** `sha256=<hex>` of `<timestamp>.<body>` keyed with `secret`. */
export function signBody(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** What a receiver does: true when `signature` is the one of this body and timestamp (constant time). */
export function verifySignature(secret: string, timestamp: string, body: string, signature: string): boolean {
  const expected = Buffer.from(signBody(secret, timestamp, body));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** A new endpoint secret: 32 random bytes as 64 hex characters. */
export const newSecret = () => randomBytes(32).toString('hex');
