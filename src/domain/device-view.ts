/**
 * Pure derivations the monitor page shows for a device (spec sections 3 and 4): display name,
 * car icon state, list order, tab filter and counts, compass sector, expiry badge.
 */
import { DEVICE_MENU_TYPE, DEVICE_STATE, RUN_STATE, type CarIconState } from './codes';
import { ACCOUNT_ZONE, daysBetween, type ZoneOffset } from './time-zone';
import { expiryStatus, shownState, type ExpiryBand } from './expiry';
import { isExpired, runStateOf, time, type RunStateInput } from './run-state';

/** A device of the monitor: the shape of POST /device/findDeviceLocationAll, plus live fields. */
export interface MonitorDevice extends RunStateInput {
  id: number;
  terminalID: string;
  nickname: string | null;
  carNumber: string | null;
  userId: number | null;
  state: number;
  deviceProtocol: number;
  deviceType: string;
  iconType: number;
  expireType?: number | null;
  platformExpireAt: string | null;
  userExpireAt: string | null;
  sim?: string | null;
  iccid?: string | null;
  stateTime?: string | null;
  location: {
    lat: number;
    lon: number;
    speed: number;
    course: number;
    utcTime: string;
    stateTime?: string | null;
    positionType: string | null;
    battery: number | null;
    acc: boolean | null;
  } | null;
}

/** Plate, else nickname, else IMEI (spec section 3). */
export function displayName(d: Pick<MonitorDevice, 'carNumber' | 'nickname' | 'terminalID'>): string {
  return d.carNumber?.trim() || d.nickname?.trim() || d.terminalID;
}

/** Spec section 4: expired if expiry applies; offline; unknown without location; else by motion. */
export function carIconState(d: MonitorDevice, now: number): CarIconState {
  if (isExpired(d, now)) return 'expired';
  if (d.state === DEVICE_STATE.offline) return 'offline';
  if (!d.location || d.state !== DEVICE_STATE.online) return 'unknown';
  const rs = runStateOf(d, now);
  switch (rs.code) {
    case RUN_STATE.stop:
      return 'stop';
    case RUN_STATE.fast:
      return 'fast';
    case RUN_STATE.overspeed:
      return 'overspeed';
    default:
      return 'moving';
  }
}

export type DeviceTab = (typeof DEVICE_MENU_TYPE)[keyof typeof DEVICE_MENU_TYPE];

/**
 * Which tab (deviceMenuType) a device belongs to besides "all", by the state it shows
 * (expiry.ts shownState): expired devices count as offline, also one still connected (its
 * positions are not shown, so it is not "online").
 */
export function tabOf(d: MonitorDevice, now: number): DeviceTab {
  const state = shownState(d, now);
  if (state === DEVICE_STATE.online) return DEVICE_MENU_TYPE.online;
  if (state === DEVICE_STATE.unactivated) return DEVICE_MENU_TYPE.inactive;
  return DEVICE_MENU_TYPE.offline;
}

export type TabCounts = Record<DeviceTab, number>;

export function tabCounts(devices: Iterable<MonitorDevice>, now: number): TabCounts {
  const counts: TabCounts = { 0: 0, 1: 0, 2: 0, 3: 0 };
  for (const d of devices) {
    counts[DEVICE_MENU_TYPE.all]++;
    counts[tabOf(d, now)]++;
  }
  return counts;
}

/** Case-insensitive match on IMEI, nickname or plate; an empty query matches everything. */
export function matchesSearch(d: MonitorDevice, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return (
    d.terminalID.toLowerCase().includes(q) ||
    (d.nickname ?? '').toLowerCase().includes(q) ||
    (d.carNumber ?? '').toLowerCase().includes(q)
  );
}

/** deviceMenuType 1 online, 2 offline, 3 inactive, anything else all (spec section 3). */
export function matchesTab(d: MonitorDevice, tab: number, now: number): boolean {
  if (
    tab !== DEVICE_MENU_TYPE.online &&
    tab !== DEVICE_MENU_TYPE.offline &&
    tab !== DEVICE_MENU_TYPE.inactive
  ) {
    return true;
  }
  return tabOf(d, now) === tab;
}

/**
 * Sort key of spec section 4's order: online first (by run state code, then time gap), then
 * offline by most recent, not activated last. One number per device, computed once per sort,
 * so sorting 10,000 rows compares numbers instead of re-deriving states.
 */
export function orderKey(d: MonitorDevice, now: number): number {
  const group = tabOf(d, now);
  if (group === DEVICE_MENU_TYPE.online) {
    const rs = runStateOf(d, now);
    const fix = d.location ? time(d.location.utcTime) : null;
    // Gap capped at ~11.5 days so that it stays below one run-state step.
    const gap = fix == null ? 1e9 : Math.min(Math.max(now - fix, 0), 1e9);
    return rs.code * 1e10 + gap;
  }
  if (group === DEVICE_MENU_TYPE.offline) {
    const t = time(d.stateTime ?? d.location?.utcTime);
    const age = t == null ? 9e13 : Math.min(Math.max(now - t, 0), 9e13);
    return 1e14 + age;
  }
  return 2e14;
}

/** The list in spec order; ties keep ascending ids so the order is stable between refreshes. */
export function sortDevices(devices: readonly MonitorDevice[], now: number): MonitorDevice[] {
  const keyed = devices.map((d) => ({ d, k: orderKey(d, now) }));
  keyed.sort((a, b) => a.k - b.k || a.d.id - b.d.id);
  return keyed.map((x) => x.d);
}

/** Visible rows of a tab and search text, in the given order. */
export function filterDevices(
  sorted: readonly MonitorDevice[],
  tab: number,
  query: string,
  now: number,
): MonitorDevice[] {
  return sorted.filter((d) => matchesTab(d, tab, now) && matchesSearch(d, query));
}

export const COMPASS_SECTORS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'] as const;
export type CompassSector = (typeof COMPASS_SECTORS)[number];

/** Course in degrees (0 = north, clockwise) to one of 8 sectors of 45°, each centred on its direction. */
export function compassSector(course: number): CompassSector {
  const c = ((course % 360) + 360) % 360;
  return COMPASS_SECTORS[Math.round(c / 45) % 8];
}

/** The expiry badge of a row: its band (the colour) and the real count of days (the text). */
export interface ExpiryBadge {
  band: ExpiryBand;
  /** Calendar days to the expiry in the account's zone: 0 today, 1 tomorrow; negative once past. */
  days: number;
}

/**
 * Badge of the expiry filters (spec section 9: 7 days, 60 days, already expired). The band says
 * which filter finds the device; the text must say the days actually left, not the band's bound
 * (issue 32). Days are calendar days in the zone the dates are shown in (time-zone.ts), not
 * 24-hour blocks: at 20:00 an expiry tomorrow at 09:00 is "tomorrow", as the date beside it says.
 */
export function expiryBadge(d: MonitorDevice, now: number, zone: ZoneOffset = ACCOUNT_ZONE): ExpiryBadge | null {
  const s = expiryStatus(d, now);
  if (s.band == null || s.at == null) return null;
  return { band: s.band, days: daysBetween(now, s.at, zone) };
}
