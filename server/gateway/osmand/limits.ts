/**
 * Bounds of the OsmAnd HTTP listener: what one request may carry and how often one device may
 * report. A phone app sends one fix every few seconds at most; anything larger or faster is a
 * broken client or an attack, answered 413 / 400 / 429 before it costs the database anything.
 */

/** Bytes of a request body (a Traccar Client JSON fix is ~600 bytes). */
export const OSMAND_BODY_MAX = 16 * 1024;
/** Characters of the request target (path and query string). */
export const OSMAND_URL_MAX = 4096;
/** Parameters of one request, known and extra ones together. */
export const OSMAND_PARAMS_MAX = 64;
/** Characters of a parameter name. */
export const OSMAND_KEY_MAX = 64;
/** Characters of a parameter value (extra attributes are stored as sent). */
export const OSMAND_VALUE_MAX = 256;
/** Fixes one device may send per window before it is answered 429 (bursts of buffered fixes fit). */
export const OSMAND_FIXES_PER_WINDOW = 120;
export const OSMAND_RATE_WINDOW_MS = 60_000;
/** Recent fix times kept per device to drop a fix sent twice (an app retrying after a timeout). */
export const OSMAND_RECENT_TIMES = 32;
/** Devices whose rate and recent times are kept in memory; the longest idle are forgotten first. */
export const OSMAND_TRACKED_DEVICES_MAX = 100_000;
