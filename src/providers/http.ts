import type { HttpError } from '@refinedev/core';
import { API_MESSAGE } from '../domain/codes';
import { expireSession, getToken } from './session';

/** Base of every API call; the dev server and the production server both serve it. */
export const API_BASE = '/api';

export interface Meta {
  success: boolean;
  code: number;
  message: string;
  /** A key of MESSAGES (src/domain/messages.ts), translated with the errors namespace. */
  key?: string;
  /** Values the key's text names, e.g. {field: 'username', limit: 64}. */
  params?: Record<string, unknown>;
}

export interface Envelope<T> {
  meta: Meta;
  data: T;
}

/** A failed call: HTTP status plus the envelope's meta, shaped as refine's HttpError. */
export class ApiError extends Error implements HttpError {
  readonly statusCode: number;
  readonly meta: Meta;

  constructor(statusCode: number, meta: Meta) {
    super(meta.message || 'Network problem, please try again later!');
    this.name = 'ApiError';
    this.statusCode = statusCode;
    this.meta = meta;
  }

  get key(): string | undefined {
    return this.meta.key;
  }
}

const NETWORK_META: Meta = {
  success: false,
  code: 0,
  message: 'Network problem, please try again later!',
  key: 'network',
};

export function isSessionExpiredError(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.statusCode === 401 || error.meta.message === API_MESSAGE.sessionExpired;
}

/**
 * The ApiError of a failed call read outside requestEnvelope (files sent or received): from its
 * JSON envelope when it has one; an expired session is cleared as on any other call.
 */
export async function responseError(res: Response): Promise<ApiError> {
  const envelope = (await res.json().catch(() => null)) as Envelope<unknown> | null;
  const error = new ApiError(
    res.status,
    envelope?.meta ?? { success: false, code: 0, message: '', key: 'network' },
  );
  if (isSessionExpiredError(error)) expireSession();
  return error;
}

let language: string | null = null;

/** The UI language, sent as Accept-Language so the server's messages match it (src/i18n). */
export function setRequestLanguage(lng: string) {
  language = lng;
}

/** Headers of an API call: JSON, the bearer token unless anonymous, the UI language. */
export function apiHeaders(method: 'GET' | 'POST', anonymous = false): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (method === 'POST') headers['Content-Type'] = 'application/json';
  const token = anonymous ? null : getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (language) headers['Accept-Language'] = language;
  return headers;
}

export interface RequestOptions {
  method?: 'GET' | 'POST';
  /** Query parameters (GET) */
  query?: Record<string, string | number | boolean | undefined>;
  /** Login calls go without the bearer token and do not count as a session expiry. */
  anonymous?: boolean;
  signal?: AbortSignal;
}

/**
 * Calls the API and returns the whole envelope. Throws ApiError when the HTTP status is not 2xx,
 * the body is not an envelope, or meta.success is false. An expired session (HTTP 401 or
 * meta.message 9902) on an authenticated call also clears the stored session, so the route
 * guard sends the user to the login page.
 */
export async function requestEnvelope<T>(
  path: string,
  body?: unknown,
  opts: RequestOptions = {},
): Promise<Envelope<T>> {
  const method = opts.method ?? (body === undefined ? 'GET' : 'POST');
  const headers = apiHeaders(method, opts.anonymous);

  let url = `${API_BASE}${path}`;
  if (opts.query) {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(opts.query)) if (v !== undefined) params.set(k, String(v));
    const qs = params.toString();
    if (qs) url += `?${qs}`;
  }

  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers,
      credentials: 'include',
      body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
      signal: opts.signal,
    });
  } catch (err) {
    // A cancelled request passes through unchanged (spec section 8).
    if ((err as Error)?.name === 'AbortError') throw err;
    throw new ApiError(0, NETWORK_META);
  }

  let envelope: Envelope<T> | undefined;
  try {
    envelope = (await res.json()) as Envelope<T>;
  } catch {
    envelope = undefined;
  }
  const meta = envelope?.meta;
  if (!meta || typeof meta.success !== 'boolean') throw new ApiError(res.status, NETWORK_META);
  if (!res.ok || !meta.success) {
    const error = new ApiError(res.status, meta);
    if (!opts.anonymous && isSessionExpiredError(error)) expireSession();
    throw error;
  }
  return envelope as Envelope<T>;
}

/** Calls the API and returns `data` of the envelope. */
export async function request<T>(path: string, body?: unknown, opts?: RequestOptions): Promise<T> {
  return (await requestEnvelope<T>(path, body, opts)).data;
}
