/**
 * The monitor's settings kept in localStorage (spec section 3: useMapType, alarmSound). The list
 * order and the muted alarm pop-ups are kept per user (issue 32): two people sharing a browser
 * each keep theirs.
 */
import { currentAlarmType } from '../../domain/alarm-types';
import { MAP_CHOICES, type MapChoice } from '../../domain/codes';
import { DEFAULT_LIST_ORDER, isListOrder, type ListOrder } from '../../domain/list-order';

export const LOCAL_KEYS = {
  mapType: 'useMapType',
  alarmSound: 'alarmSound',
  showNames: 'monitorShowNames',
  /** Followed by `:<user id>`. */
  listOrder: 'monitorListOrder',
  mutedAlarms: 'monitorMutedAlarms',
} as const;

const perUser = (key: string, userId: number | undefined) => `${key}:${userId ?? 0}`;

function read<T>(key: string, parse: (raw: string) => T | undefined): T | undefined {
  try {
    const raw = localStorage.getItem(key);
    return raw == null ? undefined : parse(raw);
  } catch {
    return undefined;
  }
}

function write(key: string, value: string) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage disabled: the setting lasts for this page only.
  }
}

/** The user's map type (a keyed provider, OSM or Offline), or undefined to use the default. */
export const readMapType = (): MapChoice | undefined =>
  read(LOCAL_KEYS.mapType, (raw) => MAP_CHOICES.find((t) => t === raw));
export const writeMapType = (t: MapChoice) => write(LOCAL_KEYS.mapType, t);

/** `alarmSound` is stored as {isOpen}; sound is on unless the user turned it off. */
export const readAlarmSound = (): boolean =>
  read(LOCAL_KEYS.alarmSound, (raw) => {
    const v = JSON.parse(raw) as { isOpen?: unknown };
    return typeof v?.isOpen === 'boolean' ? v.isOpen : undefined;
  }) ?? true;
export const writeAlarmSound = (isOpen: boolean) => write(LOCAL_KEYS.alarmSound, JSON.stringify({ isOpen }));

export const readShowNames = (): boolean => read(LOCAL_KEYS.showNames, (raw) => raw === '1') ?? true;
export const writeShowNames = (on: boolean) => write(LOCAL_KEYS.showNames, on ? '1' : '0');

/** The list order the user chose last (list-order.ts), else the spec's. */
export const readListOrder = (userId: number | undefined): ListOrder =>
  read(perUser(LOCAL_KEYS.listOrder, userId), (raw) => (isListOrder(raw) ? raw : undefined)) ??
  DEFAULT_LIST_ORDER;
export const writeListOrder = (userId: number | undefined, order: ListOrder) =>
  write(perUser(LOCAL_KEYS.listOrder, userId), order);

/** Alarm types the user wants no pop-up for (they still count and list), by current name. */
export const readMutedAlarms = (userId: number | undefined): string[] =>
  read(perUser(LOCAL_KEYS.mutedAlarms, userId), (raw) => {
    const v = JSON.parse(raw) as unknown;
    return Array.isArray(v)
      ? [...new Set(v.filter((x) => typeof x === 'string').map(currentAlarmType))]
      : undefined;
  }) ?? [];
export const writeMutedAlarms = (userId: number | undefined, types: readonly string[]) =>
  write(perUser(LOCAL_KEYS.mutedAlarms, userId), JSON.stringify(types));
