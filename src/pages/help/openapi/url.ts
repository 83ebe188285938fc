/** Names of the `{name}` placeholders of a documented path, in order. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
}

/** Path placeholders still without a value. */
export function missingPathParams(path: string, values: Record<string, string>): string[] {
  return pathParamNames(path).filter((n) => !values[n]?.trim());
}

/**
 * The URL a try-it request goes to: placeholders replaced by their encoded values, and the
 * query parameters that have a value (empty ones are left out, as a form would).
 */
export function buildUrl(
  path: string,
  pathValues: Record<string, string>,
  query: Record<string, string>,
): string {
  const filled = path.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const v = pathValues[name];
    return v?.trim() ? encodeURIComponent(v.trim()) : whole;
  });
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== '') params.append(k, v);
  const qs = params.toString();
  return qs ? `${filled}?${qs}` : filled;
}

export type KeyHeader = 'x-api-key' | 'bearer';

/** Headers of a try-it request: the key in the chosen header, JSON when a body goes along. */
export function requestHeaders(key: string, header: KeyHeader, withBody: boolean): Record<string, string> {
  const out: Record<string, string> = { Accept: 'application/json' };
  if (withBody) out['Content-Type'] = 'application/json';
  const k = key.trim();
  if (k) {
    if (header === 'bearer') out.Authorization = `Bearer ${k}`;
    else out['X-API-Key'] = k;
  }
  return out;
}

/** Methods whose request carries a body. */
export const hasBody = (method: string) =>
  !['GET', 'HEAD', 'DELETE', 'OPTIONS'].includes(method.toUpperCase());

/** A body text parsed for sending: undefined when empty, an error when it is not JSON. */
export function parseBody(text: string): { ok: true; value: unknown } | { ok: false; error: string } {
  if (!text.trim()) return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (e) {
    return { ok: false, error: (e as Error).message };
  }
}
