/**
 * Calls the JSON client cannot make: a file posted as the raw body (metadata in the query) and a
 * file GET that needs the session's bearer token (a plain link could not carry it).
 */
import { API_BASE, ApiError, responseError, type Envelope } from '../../providers/http';
import { getToken } from '../../providers/session';

const authHeader = (): Record<string, string> => {
  const token = getToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
};

/** Posts `file` as application/octet-stream, `query` as query parameters; answers the envelope's data. */
export async function postFile<T>(path: string, file: Blob, query: Record<string, unknown>): Promise<T> {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query))
    if (v !== undefined && v !== null && v !== '') search.set(k, String(v));
  const res = await fetch(`${API_BASE}${path}?${search}`, {
    method: 'POST',
    headers: { ...authHeader(), 'Content-Type': 'application/octet-stream', Accept: 'application/json' },
    body: file,
  });
  const env = res.ok ? ((await res.json().catch(() => null)) as Envelope<T> | null) : null;
  if (!env?.meta?.success) throw env?.meta ? new ApiError(res.status, env.meta) : await responseError(res);
  return env.data;
}

/** GETs a file with the session's token. */
export async function getFile(path: string): Promise<Blob> {
  const res = await fetch(`${API_BASE}${path}`, { headers: authHeader() });
  if (!res.ok) throw await responseError(res);
  return res.blob();
}
