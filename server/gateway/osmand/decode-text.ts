import { decodeOsmAnd } from './request';

/**
 * One OsmAnd request pasted as text, for the decode CLI: a JSON body (starts with `{`), a
 * target (`/?id=...`, `http://host:5055/?id=...`) or a bare query string (`id=...&lat=...`).
 */
export function decodeOsmAndText(input: string, now = new Date()) {
  const text = input.trim();
  const json = text.startsWith('{');
  const url = json ? '/' : text.includes('?') ? text.slice(text.indexOf('?')) : `/?${text}`;
  const d = decodeOsmAnd(
    { url, body: json ? text : '', contentType: json ? 'application/json' : undefined },
    now,
  );
  return d.ok
    ? { ok: true, protocol: 'osmand', terminalId: d.terminalId, messages: [d.message] }
    : { ok: false, protocol: 'osmand', error: d.error };
}
