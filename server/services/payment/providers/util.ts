/** Helpers the adapters share: exact amount conversion, CRC32, header and account access. */
import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { formatMinor as formatMinorExact, parseMajor } from '../../../../src/domain/payment';
import { ProviderError, type AccountKey, type ProviderAccount, type WebhookRequest } from './types';

export { currencyExponent } from '../../../../src/domain/payment';

/** The domain's exact conversion, failing as a provider error (an amount PayPal cannot take). */
export function formatMinor(amountMinor: number, currency: string): string {
  try {
    return formatMinorExact(amountMinor, currency);
  } catch (e) {
    throw new ProviderError((e as Error).message);
  }
}

/** "19.99" USD → 1999, "500" JPY → 500; throws on anything that is not an exact amount of the currency. */
export function parseMinor(value: string, currency: string): number {
  const minor = parseMajor(value, currency);
  if (minor == null) throw new ProviderError(`not an amount of ${currency}: ${value}`);
  return minor;
}

/** CRC32 of the UTF-8 body as an unsigned decimal string, as PayPal puts it in the signed message. */
export function crc32Decimal(raw: string): string {
  return String(crc32(Buffer.from(raw, 'utf8')) >>> 0);
}

/** Header value by case-insensitive name; the first one when repeated. */
export function header(headers: WebhookRequest['headers'], name: string): string | undefined {
  const lower = name.toLowerCase();
  for (const [k, v] of Object.entries(headers)) {
    if (k.toLowerCase() === lower) return Array.isArray(v) ? v[0] : v;
  }
  return undefined;
}

/** The account's value for `key`, or a ProviderError naming what is missing. */
export function accountValue(account: ProviderAccount, key: string, provider: string): string {
  const v = account[key];
  if (typeof v !== 'string' || v === '') throw new ProviderError(`${provider} account lacks ${key}`);
  return v;
}

/** Required keys missing from an account, for settings validation. */
export function missingKeys(account: ProviderAccount, keys: readonly AccountKey[]): string[] {
  return keys.filter((k) => k.required && !account[k.key]).map((k) => k.key);
}

/** The account without its secret keys, safe to send to a browser. */
export function publicAccount(account: ProviderAccount, keys: readonly AccountKey[]): ProviderAccount {
  const secret = new Set(keys.filter((k) => k.secret).map((k) => k.key));
  return Object.fromEntries(Object.entries(account).filter(([k]) => !secret.has(k)));
}

export function defaultNonce(): string {
  return randomBytes(16).toString('hex');
}

/** Response body as JSON, the text when it is not JSON, undefined when empty. */
/** A provider's answer to one call: its status and its body (JSON when it parses). */
export interface ApiResult {
  ok: boolean;
  status: number;
  body: unknown;
}

export async function readResult(res: Response): Promise<ApiResult> {
  return { ok: res.ok, status: res.status, body: await readBody(res) };
}

export async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function parseJson(raw: string): Record<string, unknown> | undefined {
  try {
    const v: unknown = JSON.parse(raw);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** Nested field access on decoded JSON without a cast at every step. */
export function field(obj: unknown, ...path: (string | number)[]): unknown {
  let cur = obj;
  for (const p of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string | number, unknown>)[p];
  }
  return cur;
}

export function str(v: unknown): string | undefined {
  return typeof v === 'string' && v !== '' ? v : undefined;
}
