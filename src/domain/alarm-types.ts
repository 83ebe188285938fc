/**
 * Alarm type names, defined once (issue 19: one alarm vocabulary). Every tracker protocol maps
 * its alarm bytes, bits and items onto GATEWAY_ALARM_TYPES (docs/protocols.md has the table per
 * protocol); the platform's own alarms and the expiry reminders have their lists below. The
 * alarm screens, the statistics filters and the notification settings offer ALARM_TYPES; rows
 * stored under an older name are labelled and filtered as the name that replaced it.
 */
export const GATEWAY_ALARM_TYPES = [
  // emergencies
  'sos',
  'accident',
  'collision',
  'rollover',
  'fallDown',
  // power and battery
  'powerCut', // external power disconnected
  'powerRestored',
  'powerOff', // the device switched off
  'powerOn',
  'lowPower', // external (vehicle) voltage low
  'lowBattery', // the device's own battery low
  // theft and tampering
  'vibration',
  'movement', // moved while parked (displacement)
  'tow',
  'removing', // taken off the vehicle or wrist (light sensor, strap)
  'tampering', // case opened, wires cut
  'door',
  'illegalIgnition',
  'theft', // the vehicle's anti-theft system raised it
  'jamming',
  // driving behaviour
  'overspeed',
  'lowSpeed',
  'hardAcceleration',
  'hardBraking',
  'hardCornering',
  'laneChange',
  'fatigue',
  'distraction', // driver monitoring: phone, smoking, looking away, absent
  'dangerWarning', // a driving-assistance system's warning without a more precise name
  'blindSpot',
  'idle',
  'parking', // parked too long
  'accOn',
  'accOff',
  // fences the device keeps itself; `geofence` when the frame does not tell the direction
  'geofenceEnter',
  'geofenceExit',
  'geofence',
  'routeDeviation',
  // device health and sensors
  'gpsAntennaCut',
  'gpsAntennaShort',
  'fault', // a module of the terminal failed (GNSS, camera, display...)
  'temperature',
  'fuelAbnormal', // fuel dropped or rose abnormally
  'general', // the device says "alarm" without saying which
] as const;

export type GatewayAlarmType = (typeof GATEWAY_ALARM_TYPES)[number];

/**
 * Names stored before the vocabulary, with the name each is shown and filtered as. Gateways
 * write only the new names; the demo seed's `displacement` is the device-reported `movement`.
 */
export const LEGACY_ALARM_TYPES: Readonly<Record<string, GatewayAlarmType>> = {
  acceleration: 'hardAcceleration',
  braking: 'hardBraking',
  cornering: 'hardCornering',
  displacement: 'movement',
};

/** Alarms of the demo history: fence crossings under the platform's names, and device alarms. */
export const SEED_ALARM_TYPES = [
  'sos',
  'overspeed',
  'fenceIn',
  'fenceOut',
  'powerCut',
  'lowBattery',
  'vibration',
  'movement',
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
  // a second connection claimed the device while its own was live (server/gateway/runtime/admission.ts)
  'identityConflict',
  // the shared default device password of older versions was retired (server/services/devices)
  'devicePasswordsRetired',
] as const;

export type PlatformAlarmType = (typeof PLATFORM_ALARM_TYPES)[number];

/**
 * The daily expiry reminders (server/jobs/expiry-reminders.ts, docs/expiry.md): the device's
 * decisive expiry falls within 7 or 60 days, or has just passed.
 */
export const EXPIRY_ALARM_TYPES = ['expiring7', 'expiring60', 'expired'] as const;

export type ExpiryAlarmType = (typeof EXPIRY_ALARM_TYPES)[number];

/** Every alarm type a filter offers, seed names first (the order of the filter). */
export const ALARM_TYPES: readonly string[] = [
  ...new Set<string>([
    ...SEED_ALARM_TYPES,
    ...PLATFORM_ALARM_TYPES,
    ...EXPIRY_ALARM_TYPES,
    ...GATEWAY_ALARM_TYPES,
  ]),
];

/** The name a stored type is shown as: an older name becomes the one that replaced it. */
export const currentAlarmType = (type: string): string => LEGACY_ALARM_TYPES[type] ?? type;

/**
 * The stored names a type filter must match: each name asked for, plus the older names it
 * replaced, so a filter on hardBraking also finds rows stored as braking.
 */
export function storedAlarmTypes(types: readonly string[]): string[] {
  const out = new Set(types);
  for (const [old, current] of Object.entries(LEGACY_ALARM_TYPES)) if (out.has(current)) out.add(old);
  return [...out];
}
