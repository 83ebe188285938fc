/** The monitor's settings kept in localStorage (spec section 3: useMapType, alarmSound). */
import { MAP_CHOICES, type MapChoice } from '../../domain/codes';

export const LOCAL_KEYS = {
  mapType: 'useMapType',
  alarmSound: 'alarmSound',
  showNames: 'monitorShowNames',
} as const;

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
