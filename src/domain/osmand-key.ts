/**
 * The per-device key of the OsmAnd listener (issue 30). The Traccar Client appends its
 * parameters to the server URL it is given and keeps that URL's own ones, and OsmAnd's tracking
 * URL is a template the user writes: both send `key` when the URL ends in `?key=...`
 * (docs/protocols.md, "OsmAnd over HTTP"). Once a device has one, fixes without it are refused.
 */
export const OSMAND_KEY_PARAM = 'key';
export const OSMAND_KEY_MIN = 12;
export const OSMAND_KEY_MAX = 64;

/** Characters that pass through a URL unescaped, so the key typed in an app is the one sent. */
const KEY_PATTERN = /^[A-Za-z0-9._~-]+$/;

/** Null when the key may be set ('' clears it), else the message key of the problem. */
export function validateOsmAndKey(key: string): 'osmandKeyInvalid' | null {
  if (key === '') return null;
  return key.length >= OSMAND_KEY_MIN && key.length <= OSMAND_KEY_MAX && KEY_PATTERN.test(key)
    ? null
    : 'osmandKeyInvalid';
}
