import type { AlarmType, LocationMessage } from '../codec';
import { GATEWAY_ALARM_TYPES } from '../../../src/domain/alarm-types';

/** Names that must not become attribute keys (prototype pollution, our own attributes). */
export const RESERVED_NAMES: ReadonlySet<string> = new Set([
  '__proto__',
  'constructor',
  'prototype',
  'invalid',
  'deviceTime',
  'alarms',
]);

const ALARMS: ReadonlySet<string> = new Set(GATEWAY_ALARM_TYPES);

/** The alarm an app names, when it is one of the vocabulary's (src/domain/alarm-types.ts). */
export function knownAlarm(text: string | undefined): AlarmType | undefined {
  return text && ALARMS.has(text) ? (text as AlarmType) : undefined;
}

/** What every OsmAnd fix carries whatever form it came in: HTTP has no frame ids or checksum. */
export function osmandHeader(terminalId: string, alarm: AlarmType | undefined) {
  return {
    protocol: 'osmand',
    type: alarm ? 'alarm' : 'location',
    messageId: 0,
    serial: 0,
    checksumOk: true,
    deviceId: terminalId,
  } satisfies Partial<LocationMessage>;
}
