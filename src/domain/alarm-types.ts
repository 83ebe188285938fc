/**
 * Alarm type names, defined once: what the gateways decode (docs/protocols.md lists the byte
 * or bit of each) and the older names the demo seed and platform fences use. Statistics offer
 * them all as filters; the gateway's `AlarmType` is the first list.
 */
export const GATEWAY_ALARM_TYPES = [
  'sos',
  'powerCut',
  'vibration',
  'geofenceEnter',
  'geofenceExit',
  'geofence',
  'overspeed',
  'lowBattery',
  'tampering',
  'movement',
  'removing',
  'powerOff',
  'fatigue',
  'gpsAntennaCut',
  'fault',
  'collision',
  'rollover',
  'accident',
  'acceleration',
  'braking',
  'cornering',
  'door',
  'fallDown',
  'jamming',
] as const;

export type GatewayAlarmType = (typeof GATEWAY_ALARM_TYPES)[number];

/** Alarms of the demo history: fence crossings under the platform's names, displacement. */
export const SEED_ALARM_TYPES = [
  'sos',
  'overspeed',
  'fenceIn',
  'fenceOut',
  'powerCut',
  'lowBattery',
  'vibration',
  'displacement',
] as const;

/** Alarms the platform raises from positions and connections (server/alarms, docs/alarms.md). */
export const PLATFORM_ALARM_TYPES = [
  'fenceIn',
  'fenceOut',
  'fenceStayIn',
  'fenceStayOut',
  'overspeed',
  'lowBattery',
  'offline',
  'lockRestored',
  'riskPoint',
] as const;

export type PlatformAlarmType = (typeof PLATFORM_ALARM_TYPES)[number];

/**
 * The daily expiry reminders (server/jobs/expiry-reminders.ts, docs/expiry.md): the device's
 * decisive expiry falls within 7 or 60 days, or has just passed.
 */
export const EXPIRY_ALARM_TYPES = ['expiring7', 'expiring60', 'expired'] as const;

export type ExpiryAlarmType = (typeof EXPIRY_ALARM_TYPES)[number];

/** Every alarm type a report can show, seed names first (the order of the filter). */
export const ALARM_TYPES: readonly string[] = [
  ...new Set<string>([
    ...SEED_ALARM_TYPES,
    ...PLATFORM_ALARM_TYPES,
    ...EXPIRY_ALARM_TYPES,
    ...GATEWAY_ALARM_TYPES,
  ]),
];
