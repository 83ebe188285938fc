import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_LANGUAGE, type Language } from '../../src/domain/constants';
import { isLanguage } from '../../src/domain/language';
import { interpolate } from '../lib/localize';
import type { AlarmOwner, AlarmToNotify } from './plan';

/**
 * The words of an alarm SMS or call, in the owner's language: the template `message.alarm` of
 * locales/<lng>/notify.json and the alarm names the statistics screens use (count.json
 * `alarmTypes`), read once per language. A type without a name is sent as its code.
 */
const LOCALES = join(import.meta.dirname, '../../locales');

interface Texts {
  template: string;
  names: Record<string, string>;
}
const cache = new Map<Language, Texts>();

function read(lng: Language, ns: string): Record<string, unknown> {
  try {
    return JSON.parse(readFileSync(join(LOCALES, lng, `${ns}.json`), 'utf8')) as Record<string, unknown>;
  } catch {
    return {};
  }
}

function texts(lng: Language): Texts {
  let t = cache.get(lng);
  if (!t) {
    const message = (read(lng, 'notify').message ?? {}) as Record<string, string>;
    const names = (read(lng, 'count').alarmTypes ?? {}) as Record<string, string>;
    t = { template: message.alarm ?? '{{device}}: {{alarm}} {{time}}', names };
    cache.set(lng, t);
  }
  return t;
}

const coord = (v: number | null) => (v == null ? '-' : v.toFixed(5));

/** "Truck 7 (868…): Entered fence, 2025-05-01 08:00 UTC, 22.54310,114.05790" in the owner's language. */
export function alarmText(a: AlarmToNotify, owner: AlarmOwner): string {
  const lng = isLanguage(owner.language) ? owner.language : DEFAULT_LANGUAGE;
  const t = texts(lng);
  return interpolate(t.template, {
    device: owner.deviceName || a.terminalId,
    terminalId: a.terminalId,
    alarm: t.names[a.alarm] ?? a.alarm,
    time: `${a.time.slice(0, 16).replace('T', ' ')} UTC`,
    lat: coord(a.lat),
    lon: coord(a.lon),
  });
}
