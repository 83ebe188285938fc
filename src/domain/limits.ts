/**
 * Bounds of request values (issue 10): every route's schema is built from these through
 * server/lib/schema, so a value the database cannot hold is refused with a 400 before it gets
 * there. Column types set the integer ranges; the text lengths are what people type.
 */

/** PostgreSQL integer / serial. */
export const INT32_MAX = 2_147_483_647;
/** bigserial ids: the largest integer a JavaScript number holds exactly. */
export const BIG_ID_MAX = Number.MAX_SAFE_INTEGER;

/** A short name a person types: user names, nicknames, plates, device types. */
export const NAME_MAX = 64;
/** A free-text remark or address. */
export const REMARK_MAX = 255;
/** A password as typed (hashes are stored, so this only bounds the work of hashing it). */
export const PASSWORD_MAX = 128;
/** An IMEI/terminal id as sent (the rules in device-rules.ts then check 6..15 characters). */
export const TERMINAL_ID_MAX = 32;
/** A command text sent to a tracker. */
export const COMMAND_TEXT_MAX = 200;
/** Saved commands (presets) one account keeps. */
export const COMMAND_PRESETS_MAX = 50;
/** Lines of a pasted IMEI or ICCID list. */
export const LIST_LINES_MAX = 10_000;
/** Characters of a pasted IMEI or ICCID list (LIST_LINES_MAX lines of an IMEI and a line break). */
export const LIST_TEXT_MAX = 200_000;
/** Items of an array in a request, unless a route says less. */
export const ARRAY_ITEMS_MAX = 10_000;
/** The most import counts one grant gives or takes back. */
export const IMPORT_NUM_CHANGE_MAX = 1_000_000;
/** Bytes of one device picture (jpeg, png or webp; issue 16). */
export const PICTURE_MAX_BYTES = 5 * 1024 * 1024;
/** Pictures one device keeps. */
export const PICTURES_PER_DEVICE_MAX = 20;
/** Accounts one getDeviceListByAgentIds call names. */
export const AGENT_IDS_MAX = 100;
/** A device's own overspeed threshold (km/h); 0 clears it (the platform's default applies). */
export const SPEED_LIMIT_MAX_KMH = 300;

/** API keys one account keeps (issue 16, docs/api/public-api.md). */
export const API_KEYS_PER_ACCOUNT = 10;
/** Requests per minute a key may be given (its own rate; the platform default is API_RATE_PER_MINUTE). */
export const API_KEY_RATE_MAX = 6000;
/** Longest validity a key may be given, in days (no expiry is allowed too). */
export const API_KEY_DAYS_MAX = 3650;
