import { describe, expect, it } from 'vitest';
import { ConnectionAlarms, risingAlarms } from '../../../server/gateway/runtime/alarm-state';

describe('alarms reported as a state word', () => {
  it('raises an alarm when it appears, not while it stays set', () => {
    expect(risingAlarms(new Set(), ['sos', 'powerCut'])).toEqual(['sos', 'powerCut']);
    expect(risingAlarms(new Set(['sos', 'powerCut']), ['sos', 'powerCut'])).toEqual([]);
    expect(risingAlarms(new Set(['powerCut']), ['powerCut', 'movement'])).toEqual(['movement']);
  });

  it('raises it again after a report without it', () => {
    let state: ReadonlySet<string> = new Set();
    const raised: string[][] = [];
    for (const report of [['sos'], ['sos'], [], ['sos'], ['sos', 'door']]) {
      raised.push(risingAlarms(state, report));
      state = new Set(report);
    }
    expect(raised).toEqual([['sos'], [], [], ['sos'], ['door']]);
  });
});

describe('the alarms one connection stores', () => {
  const loc = (alarms: string[], over: { alarmsAreState?: boolean; type?: string } = {}) => ({
    type: alarms.length ? 'alarm' : 'location',
    alarm: alarms[0],
    alarms,
    ...over,
  });

  it("stores an event frame's alarms every time, the frame's own list, or unknown for a bare alarm", () => {
    const c = new ConnectionAlarms();
    expect(c.fromLocation(loc(['sos', 'powerCut']))).toEqual(['sos', 'powerCut']);
    expect(c.fromLocation(loc(['sos']))).toEqual(['sos']);
    expect(c.fromLocation({ type: 'alarm' })).toEqual(['unknown']);
    expect(c.fromLocation(loc([]))).toEqual([]);
  });

  it("stores a state report's alarms when they appear", () => {
    const c = new ConnectionAlarms();
    const state = (alarms: string[]) => c.fromLocation(loc(alarms, { alarmsAreState: true }));
    expect([state(['powerCut']), state(['powerCut']), state([]), state(['powerCut', 'door'])]).toEqual([
      ['powerCut'],
      [],
      [],
      ['powerCut', 'door'],
    ]);
  });

  it("stores a heartbeat's alarms when they appear, not when an event frame just reported them", () => {
    const c = new ConnectionAlarms();
    expect(c.fromStatus({ alarms: ['sos'] })).toEqual(['sos']);
    expect(c.fromStatus({ alarms: ['sos'] })).toEqual([]);
    expect(c.fromStatus({})).toEqual([]);
    expect(c.fromLocation(loc(['vibration']))).toEqual(['vibration']);
    expect(c.fromStatus({ alarm: 'vibration' })).toEqual([]);
    expect(c.fromStatus({ alarms: ['vibration', 'sos'] })).toEqual(['sos']);
  });
});
