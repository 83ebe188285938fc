import { OSMAND_KEY_PARAM } from '../../../src/domain/osmand-key';
import { decodeTraccarJson } from './json';
import { decodeParams, type OsmAndDecoded } from './params';

export interface OsmAndRequest {
  /** The request target: path and query string. */
  url: string;
  contentType?: string;
  /** The body as text (empty for a GET). */
  body: string;
}

/**
 * Which form a request uses, as the apps send it: a JSON body (Traccar Client 9+) when the
 * content type says JSON; else the query string, or when it has no parameters the form body
 * (POST application/x-www-form-urlencoded, or a bare query string in the body).
 */
export function decodeOsmAnd(req: OsmAndRequest, now = new Date()): OsmAndDecoded {
  if (/^application\/json\b/i.test(req.contentType ?? '')) return decodeTraccarJson(req.body);
  const q = req.url.indexOf('?');
  let params = new URLSearchParams(q >= 0 ? req.url.slice(q + 1) : '');
  // The device key belongs to the server URL (device-key.ts), never to the fix.
  params.delete(OSMAND_KEY_PARAM);
  if (params.size === 0) {
    params = new URLSearchParams(req.body.trim());
    params.delete(OSMAND_KEY_PARAM);
  }
  if (params.size === 0) return { ok: false, error: 'no parameters' };
  return decodeParams(params, now);
}
