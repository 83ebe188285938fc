/** Business constants and limits (spec section 9). */
export const STOP_GAP_MS = 60_000;
export const STOP_SPEED_KMH = 10;
export const FAST_SPEED_KMH = 60;
export const OVERSPEED_KMH = 120;

export const ZONE_OFFSET_HOURS = -8;
export const TIME_ZONE_MIN = -12;
export const TIME_ZONE_MAX = 12;

export const PAGE_SIZE_DEFAULT = 15;
export const PAGE_SIZE_OPTIONS = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100] as const;
export const PAGE_SIZE_MAX = 100;

export const MAP_DEFAULT_CENTER = { lng: 116.404, lat: 39.915 } as const;
export const MAP_DEFAULT_DEVICE_PLATFORM = 1;
export const EARTH_RADIUS_M = 6370996.81;

export const FENCE_RADIUS_MIN = 100;
export const FENCE_RADIUS_MAX = 1_000_000;
/** Corners of a polygon fence: enough for any drawn area, few enough to test per fix. */
export const FENCE_MAX_POINTS = 500;
/** Stops of a bus route: a route runs between two stops at least; more than this is a typing slip. */
export const BUS_STOPS_MIN = 2;
export const BUS_STOPS_MAX = 100;
/** How near a bus stop counts as arrived (metres): a bay to a large interchange. */
export const BUS_STOP_RADIUS_MIN = 10;
export const BUS_STOP_RADIUS_MAX = 5_000;
/** Vehicles assigned to one bus route. */
export const BUS_ROUTE_DEVICES_MAX = 1_000;
/** Rows of one visit or stop-arrival export (x-export-truncated beyond). */
export const AREA_VISIT_EXPORT_MAX = 10_000;
/** Overspeed needs this long above the limit: one spiking fix raises nothing. */
export const OVERSPEED_MIN_MS = 10_000;
/** A battery at or under this (%) raises a low-battery alarm, once until it is back above it + 5. */
export const LOW_BATTERY_PCT = 20;
/** A device offline this long raises an offline alarm. */
export const OFFLINE_ALARM_MS = 30 * 60_000;
export const TRACK_MAX_DAYS = 90;
export const TRACK_MAX_DEVICES = 5;
export const LOG_QUERY_DAYS = 7;
export const LOG_MONITOR_MAX_DEVICES = 400;
export const IMEI_808_LENGTH = 11;
export const IMEI_MIN_LENGTH = 6;
export const IMEI_MAX_LENGTH = 15;
export const LOCK_RESTORE_MINUTES = 10;
export const STATISTICS_PAGE_SIZE = 100_000;

/** Maintenance notice (spec section 1): shown only before this instant. */
export const MAINTENANCE_NOTICE = {
  start: '2022-10-08T00:00:00+08:00',
  end: '2022-10-08T01:00:00+08:00',
  showUntil: '2022-10-08T03:00:00+08:00',
} as const;

export const DATE_PICKER_MIN = '1900-01-01';
export const DATE_PICKER_MAX = '2099-12-31';
export const DATE_FORMAT = 'YYYY-MM-DD';

export const LANGUAGES = ['cn', 'en', 'vi', 'fr', 'pt', 'en-IN', 'es', 'km', 'th', 'ru', 'my'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'cn';
