import { describe, expect, it } from 'vitest';
import { risingAlarms } from '../../../server/gateway/runtime/alarm-state';

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
