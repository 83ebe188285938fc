import { describe, expect, it } from 'vitest';
import {
  TIRE_EVENT,
  TIRE_THRESHOLDS,
  tireAbnormal,
  tireEvents,
  tireStates,
  type TireSensorReading,
} from '../../src/domain/tire';

const bit = (...names: (keyof typeof TIRE_EVENT)[]) => names.reduce((w, n) => w | (1 << TIRE_EVENT[n]), 0);
const reading = (over: Partial<TireSensorReading> = {}) => ({
  eventType: bit('periodic'),
  pressureKpa: 235,
  temperatureC: 35,
  batteryPct: 80,
  ...over,
});
const NORMAL = { pressure: 'normal', temperature: 'normal', battery: 'normal', status: 'normal' };

describe('tireStates', () => {
  it('finds a periodic report within the limits normal', () => {
    expect(tireStates(reading())).toEqual(NORMAL);
    expect(tireAbnormal(tireStates(reading()))).toBe(false);
  });

  it('judges the values by the thresholds when the terminal raises nothing', () => {
    const t = TIRE_THRESHOLDS;
    expect(tireStates(reading({ pressureKpa: t.pressureLowKpa })).pressure).toBe('normal');
    expect(tireStates(reading({ pressureKpa: t.pressureLowKpa - 1 })).pressure).toBe('low');
    expect(tireStates(reading({ pressureKpa: t.pressureHighKpa })).pressure).toBe('normal');
    expect(tireStates(reading({ pressureKpa: t.pressureHighKpa + 1 })).pressure).toBe('high');
    expect(tireStates(reading({ temperatureC: t.temperatureHighC })).temperature).toBe('normal');
    expect(tireStates(reading({ temperatureC: t.temperatureHighC + 1 })).temperature).toBe('high');
    expect(tireStates(reading({ batteryPct: t.batteryLowPct })).battery).toBe('normal');
    expect(tireStates(reading({ batteryPct: t.batteryLowPct - 1 })).battery).toBe('low');
    // Near flat: losing air, and low.
    expect(tireStates(reading({ pressureKpa: t.leakKpa - 1 }))).toMatchObject({
      pressure: 'low',
      status: 'airLeak',
    });
    expect(tireStates(reading({ pressureKpa: t.leakKpa })).status).toBe('normal');
  });

  it('takes the alarm the terminal raised even when the values look fine', () => {
    expect(tireStates(reading({ eventType: bit('pressureHigh') })).pressure).toBe('high');
    expect(tireStates(reading({ eventType: bit('pressureLow') })).pressure).toBe('low');
    expect(tireStates(reading({ eventType: bit('temperatureHigh') })).temperature).toBe('high');
    expect(tireStates(reading({ eventType: bit('batteryLow') })).battery).toBe('low');
    // A slow leak is the status; the pressure is still what it reads.
    expect(tireStates(reading({ eventType: bit('slowLeak') }))).toEqual({ ...NORMAL, status: 'airLeak' });
    // A terminal setting both pressure alarms: the low one wins.
    expect(tireStates(reading({ eventType: bit('pressureHigh', 'pressureLow') })).pressure).toBe('low');
    // An alarm over a high value: the alarm names the state.
    expect(tireStates(reading({ eventType: bit('pressureLow'), pressureKpa: 320 })).pressure).toBe('low');
  });

  it('finds a wheel without values normal unless an alarm says otherwise', () => {
    const empty = {
      eventType: bit('sensorAbnormal'),
      pressureKpa: null,
      temperatureC: null,
      batteryPct: null,
    };
    expect(tireStates(empty)).toEqual(NORMAL);
    expect(tireStates({ ...empty, eventType: bit('slowLeak', 'batteryLow') })).toEqual({
      ...NORMAL,
      battery: 'low',
      status: 'airLeak',
    });
  });

  it('accepts other thresholds', () => {
    const strict = { ...TIRE_THRESHOLDS, pressureLowKpa: 240 };
    expect(tireStates(reading(), strict).pressure).toBe('low');
    expect(tireAbnormal(tireStates(reading(), strict))).toBe(true);
  });
});

describe('tireEvents', () => {
  it('names the bits in order and leaves out vendor bits', () => {
    expect(tireEvents(0)).toEqual([]);
    expect(tireEvents(bit('periodic', 'pressureLow', 'slowLeak'))).toEqual([
      'periodic',
      'pressureLow',
      'slowLeak',
    ]);
    expect(tireEvents(0xff00 | bit('batteryLow'))).toEqual(['batteryLow']);
  });
});
