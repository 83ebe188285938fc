import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ALARM_TYPE_MAX } from '../../src/domain/alarm-list';
import {
  ALARM_TYPES,
  currentAlarmType,
  GATEWAY_ALARM_TYPES,
  LEGACY_ALARM_TYPES,
  SEED_ALARM_TYPES,
  storedAlarmTypes,
} from '../../src/domain/alarm-types';
import { LANGUAGES } from '../../src/domain/constants';
import { ALARM_FIELDS } from '../../src/resources/alarm/fields';
import { COUNT_FIELDS } from '../../src/resources/count/fields';

const labels = (lng: string) =>
  (JSON.parse(readFileSync(`locales/${lng}/count.json`, 'utf8')) as { alarmTypes: Record<string, string> })
    .alarmTypes;

describe('alarm vocabulary', () => {
  it('names each type once, short enough for the alarms.type column', () => {
    expect(new Set(GATEWAY_ALARM_TYPES).size).toBe(GATEWAY_ALARM_TYPES.length);
    for (const t of ALARM_TYPES) expect(t.length).toBeLessThanOrEqual(ALARM_TYPE_MAX);
  });

  it('holds the names issue 19 asks every protocol to map onto', () => {
    for (const t of [
      'sos',
      'powerCut',
      'vibration',
      'overspeed',
      'lowBattery',
      'lowPower',
      'removing',
      'tampering',
      'hardAcceleration',
      'hardBraking',
      'hardCornering',
      'door',
      'movement',
      'geofenceEnter',
      'geofenceExit',
      'accident',
      'jamming',
      'fatigue',
      'gpsAntennaCut',
      'gpsAntennaShort',
      'powerOff',
      'powerOn',
      'fallDown',
      'collision',
      'rollover',
      'temperature',
      'idle',
      'parking',
    ])
      expect(GATEWAY_ALARM_TYPES).toContain(t);
  });

  it('labels every type a filter offers in every language', () => {
    for (const lng of LANGUAGES) {
      const names = labels(lng);
      const missing = ALARM_TYPES.filter((t) => !names[t]);
      expect(missing, lng).toEqual([]);
    }
  });

  it('shows an older stored name as the name that replaced it', () => {
    expect(currentAlarmType('braking')).toBe('hardBraking');
    expect(currentAlarmType('acceleration')).toBe('hardAcceleration');
    expect(currentAlarmType('cornering')).toBe('hardCornering');
    expect(currentAlarmType('displacement')).toBe('movement');
    expect(currentAlarmType('sos')).toBe('sos');
    for (const current of Object.values(LEGACY_ALARM_TYPES)) expect(GATEWAY_ALARM_TYPES).toContain(current);
    // The old names are gone from the lists the gateways and the seed write.
    for (const old of Object.keys(LEGACY_ALARM_TYPES)) {
      expect(ALARM_TYPES).not.toContain(old);
      expect(SEED_ALARM_TYPES as readonly string[]).not.toContain(old);
    }
  });

  it('widens a type filter to the older names it replaced, and only those', () => {
    expect(storedAlarmTypes(['hardBraking', 'sos']).sort()).toEqual(['braking', 'hardBraking', 'sos']);
    expect(storedAlarmTypes(['movement'])).toEqual(['movement', 'displacement']);
    expect(storedAlarmTypes(['fenceIn'])).toEqual(['fenceIn']);
    expect(storedAlarmTypes([])).toEqual([]);
  });

  it('the screens filter by the current names and label stored older names as their new ones', () => {
    const values = (options: readonly { value: unknown }[] | undefined) =>
      (options ?? []).map((o) => o.value);
    for (const fields of [ALARM_FIELDS, COUNT_FIELDS]) {
      expect(values(fields.types.options)).toEqual([...ALARM_TYPES]);
      expect(fields.type.options).toContainEqual(
        expect.objectContaining({
          value: 'braking',
          labelKey: expect.stringMatching(/alarmTypes\.hardBraking$/),
        }),
      );
    }
  });
});
