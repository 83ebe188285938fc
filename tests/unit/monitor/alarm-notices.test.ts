import { describe, expect, it } from 'vitest';
import {
  groupAlarms,
  NOTICE_GROUP_MS,
  NOTICE_LINES_MAX,
  NOTICE_ROOM,
  noticeLines,
  noticeMode,
  noticeTypes,
  toggleMuted,
  withoutType,
  type AlarmNotice,
  type IncomingAlarm,
} from '../../../src/domain/alarm-notices';

const T0 = Date.parse('2026-11-28T12:00:00Z');
let nextId = 1;
const alarm = (deviceId: number, type: string, time = '2026-11-28T12:00:00.000Z'): IncomingAlarm => ({
  id: nextId++,
  deviceId,
  terminalId: `imei-${deviceId}`,
  alarm: type,
  time,
});
const none = new Set<string>();

describe('grouping alarm pop-ups', () => {
  it("a device's triple (SOS, power cut, movement) makes one notice listing the three", () => {
    const r = groupAlarms([], [alarm(1, 'sos'), alarm(1, 'powerCut'), alarm(1, 'movement')], T0, none);
    expect(r.notices).toHaveLength(1);
    expect(r.changed).toEqual(r.notices);
    expect(r.notices[0].alarms.map((a) => a.type)).toEqual(['sos', 'powerCut', 'movement']);
    expect(noticeTypes(r.notices[0])).toEqual(['sos', 'powerCut', 'movement']);
  });

  it('alarms arriving close together join the open notice, under the same key', () => {
    const first = groupAlarms([], [alarm(1, 'sos')], T0, none);
    const key = first.notices[0].key;
    const second = groupAlarms(first.notices, [alarm(1, 'powerCut')], T0 + NOTICE_GROUP_MS, none);
    expect(second.notices).toHaveLength(1);
    expect(second.changed.map((n) => n.key)).toEqual([key]);
    expect(second.notices[0].alarms).toHaveLength(2);
    expect(second.notices[0].lastAt).toBe(T0 + NOTICE_GROUP_MS);
  });

  it('later alarms start a new notice; other devices have their own', () => {
    const first = groupAlarms([], [alarm(1, 'sos')], T0, none);
    const later = groupAlarms(
      first.notices,
      [alarm(1, 'sos'), alarm(2, 'sos')],
      T0 + NOTICE_GROUP_MS + 1,
      none,
    );
    expect(later.notices).toHaveLength(2);
    expect(later.notices.every((n) => n.key !== first.notices[0].key)).toBe(true);
    expect(later.changed.map((n) => n.deviceId)).toEqual([1, 2]);
  });

  it('muted types make no notice; the same alarm twice counts once', () => {
    const a = alarm(1, 'movement');
    const r = groupAlarms([], [alarm(1, 'movement'), alarm(1, 'sos'), a], T0, new Set(['movement']));
    expect(r.notices[0].alarms.map((x) => x.type)).toEqual(['sos']);
    const again = groupAlarms(r.notices, [alarm(1, 'sos')], T0, none);
    const dup = groupAlarms(
      again.notices,
      [{ ...again.notices[0].alarms[1], deviceId: 1, terminalId: 'x', alarm: 'sos' }],
      T0,
      none,
    );
    expect(dup.notices[0].alarms).toHaveLength(2);
    expect(dup.changed).toEqual([]);
    // An older name is muted as the name that replaced it (displacement is movement).
    expect(groupAlarms([], [alarm(1, 'displacement')], T0, new Set(['movement'])).notices).toEqual([]);
  });

  it('lists each type once, with its count and latest time; more types are summed up', () => {
    const r = groupAlarms(
      [],
      [
        alarm(1, 'sos', '2026-11-28T12:00:01Z'),
        alarm(1, 'powerCut', '2026-11-28T12:00:02Z'),
        alarm(1, 'sos', '2026-11-28T12:00:05Z'),
      ],
      T0,
      none,
    );
    expect(noticeLines(r.notices[0])).toEqual({
      lines: [
        { type: 'sos', count: 2, time: '2026-11-28T12:00:05Z' },
        { type: 'powerCut', count: 1, time: '2026-11-28T12:00:02Z' },
      ],
      more: 0,
    });
    const many = ['sos', 'powerCut', 'movement', 'vibration', 'tampering', 'door'].map((t) => alarm(1, t));
    const big = groupAlarms([], many, T0, none).notices[0];
    expect(noticeLines(big).lines).toHaveLength(NOTICE_LINES_MAX);
    expect(noticeLines(big).more).toBe(6 - NOTICE_LINES_MAX);
  });
});

describe('muting from a notice', () => {
  const open = (): AlarmNotice[] =>
    groupAlarms([], [alarm(1, 'sos'), alarm(1, 'movement'), alarm(2, 'movement')], T0, none).notices;

  it('the muted type leaves open notices; a notice left empty closes', () => {
    const [one, two] = open();
    const r = withoutType([one, two], 'movement');
    expect(r.closed).toEqual([two.key]);
    expect(r.changed.map((n) => n.key)).toEqual([one.key]);
    expect(r.notices.map((n) => n.alarms.map((a) => a.type))).toEqual([['sos']]);
  });

  it('muted types are kept by current name, once, sorted; unmuting removes one', () => {
    expect(toggleMuted(['sos'], 'displacement', true)).toEqual(['movement', 'sos']);
    expect(toggleMuted(['movement', 'sos'], 'movement', true)).toEqual(['movement', 'sos']);
    expect(toggleMuted(['movement', 'sos'], 'movement', false)).toEqual(['sos']);
  });
});

describe('where notices show', () => {
  it('with the device panel open and no room beside it (a phone) they collapse into a badge', () => {
    expect(noticeMode(true, 0)).toBe('badge');
    expect(noticeMode(true, NOTICE_ROOM - 1)).toBe('badge');
    expect(noticeMode(true, NOTICE_ROOM)).toBe('popup');
    expect(noticeMode(false, 0)).toBe('popup');
    // Beside the panel of a 1280 px window (map 672 px, panel and gap 356 px).
    expect(noticeMode(true, 672 - 356)).toBe('popup');
  });
});
