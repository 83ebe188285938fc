/**
 * Limits and thresholds of track playback and statistics (spec sections 4, 5 and 9). The spec's
 * own numbers live in ../constants.ts; the ones here are ours, chosen where the spec is silent.
 */
import { TRACK_MAX_DAYS } from '../constants';
import { ACCOUNT_ZONE } from '../time-zone';

/** A fix implying more than this from the previous good fix is a jump (no road vehicle does 300 km/h). */
export const JUMP_SPEED_KMH = 300;
/** How many later fixes may vouch that a far fix was a jump rather than a real move. */
export const JUMP_LOOKAHEAD = 3;
/**
 * Mileage counts a move once the vehicle is this far from where the last counted move ended:
 * a parked receiver wanders a few metres around its true position, and summing that wander
 * over a day of 10-second fixes would add kilometres that were never driven.
 */
export const MILEAGE_MIN_STEP_M = 20;

/** Stays shorter than this are not shown unless asked (the brief's example: 3 minutes). */
export const STAY_MIN_DEFAULT_S = 180;
/** The shortest stay a request may ask for; daily rollups keep every stopped run this long. */
export const STAY_MIN_S = 60;
export const STAY_MAX_S = 86_400;

/** Points a track answer holds unless asked (the client asks again for a narrower range). */
export const TRACK_POINTS_DEFAULT = 4000;
export const TRACK_POINTS_MIN = 100;
export const TRACK_POINTS_MAX = 20_000;
/** Rows of one page of a track's fixes (findTrackPoints: playback's points tab). */
export const TRACK_POINTS_PAGE_MAX = 1000;
/** Buckets of the speed chart at most. */
export const SPEED_BUCKETS_MAX = 1000;
/** Speed buckets of a daily rollup: 288 a day. */
export const DAY_BUCKET_MS = 5 * 60_000;
/** The finest speed bucket of a raw range. */
export const RAW_BUCKET_MIN_MS = 10_000;
/** Points kept per day in a rollup's simplified geometry, and the detail below which it stops. */
export const DAY_SHAPE_MAX_POINTS = 1000;
export const DAY_SHAPE_TOLERANCE_M = 3;
/**
 * A rollup's coarse geometry, read instead when a range's point budget leaves fewer than half
 * of these per day (5 devices over 90 days: 22 a day): reading and simplifying 90 fine days
 * was most of the time of such a request.
 */
export const DAY_COARSE_MAX_POINTS = 120;
export const DAY_COARSE_TOLERANCE_M = 10;
/** Ranges up to this long are read from raw positions; longer ones from the daily rollups. */
export const TRACK_RAW_RANGE_MS = 48 * 3_600_000;
/** How far before and after a range the neighbouring fix is looked for (stays crossing its edges). */
export const TRACK_CONTEXT_MS = 7 * 86_400_000;
/** Rows of a track export at most (90 days at one fix per 10 s would be 777,600). */
export const TRACK_EXPORT_MAX_ROWS = 100_000;

/** Track playback reaches this far back (spec: 90 days). */
export const TRACK_MAX_MS = TRACK_MAX_DAYS * 86_400_000;
/** A range end this far in the future is still accepted (client clocks run ahead). */
export const TRACK_CLOCK_SLACK_MS = 10 * 60_000;

/** Days are calendar days of the account zone, the platform's (../time-zone.ts: GMT+8). */
export const PLATFORM_OFFSET_MS = ACCOUNT_ZONE * 60_000;
