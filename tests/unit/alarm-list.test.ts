import { describe, expect, it } from 'vitest';
import { actionBody, filtersFromQuery, initialValues, requestBody } from '../../src/components/resource/derive';
import { alarmWindow, BELL_START, bellLive, bellShown, bellTotal } from '../../src/domain/alarm-list';
import { screenParts } from '../../src/resources';
import type { EntityAction, ListView } from '../../src/resources/types';

describe('alarmWindow', () => {
  it('covers whole platform days (GMT+8), both ends included', () => {
    expect(alarmWindow('2020-01-01', '2020-01-03')).toEqual({
      from: new Date('2019-12-31T16:00:00Z'),
      to: new Date('2020-01-03T16:00:00Z'),
    });
  });
  it('leaves an absent end open and refuses an end before the start', () => {
    expect(alarmWindow(undefined, '2020-01-01')).toEqual({
      from: undefined,
      to: new Date('2020-01-01T16:00:00Z'),
    });
    expect(alarmWindow()).toEqual({ from: undefined, to: undefined });
    expect(alarmWindow('2020-01-02', '2020-01-01')).toBe('rangeOrder');
  });
});

describe('the bell count', () => {
  it('adds the live alarms to the server total, and the total restarts the live count', () => {
    let s = bellLive(BELL_START, 2);
    expect(bellShown(s)).toBe(2);
    // The total answered later already holds those two.
    s = bellTotal(s, 7);
    expect(bellShown(s)).toBe(7);
    s = bellLive(bellLive(s, 1), 3);
    expect(bellShown(s)).toBe(11);
  });
});

// Their entities and the view load with the screens (the alarm area's registry).
const alarms = (await screenParts('alarms'))!;
const all = (await screenParts('alarmsAll'))!;

describe('the alarm screens', () => {
  const view = alarms.view as ListView;
  const action = (name: string) =>
    [...(view.rowActions ?? []), ...(view.batchActions ?? []), ...(view.toolbarActions ?? [])].find(
      (a) => a.name === name,
    ) as EntityAction;

  it('start at the unread alarms on alarms and at every alarm on alarmsAll', () => {
    const filters = view.filters!;
    expect(requestBody(alarms.entity, filters, initialValues(alarms.entity, filters))).toMatchObject({
      read: 'unread',
    });
    expect(requestBody(all.entity, filters, initialValues(all.entity, filters))).toMatchObject({
      read: 'all',
    });
  });

  it('open on the devices a link names (?terminalIDs=a,b), as a request for those devices only', () => {
    const filters = view.filters!;
    const values = {
      ...initialValues(alarms.entity, filters),
      ...filtersFromQuery(alarms.entity, filters, new URLSearchParams('terminalIDs=861,%20862&nope=1')),
    };
    expect(requestBody(alarms.entity, filters, values)).toMatchObject({ terminalIDs: ['861', '862'] });
    expect(filtersFromQuery(alarms.entity, filters, new URLSearchParams('terminalIDs='))).toEqual({});
  });

  it('draw unread rows stronger and offer mark read only on unread rows, mark unread on read ones', () => {
    expect(view.emphasize!({ read: false })).toBe(true);
    expect(view.emphasize!({ read: true })).toBe(false);
    expect(action('markRead').when!({ read: false })).toBe(true);
    expect(action('markRead').when!({ read: true })).toBe(false);
    expect(action('markUnread').when!({ read: true })).toBe(true);
  });

  it('post the row id, the selected ids, or the filters with all', () => {
    expect(actionBody(action('markRead'), {}, { row: { id: 5, read: false } })).toEqual({
      read: true,
      id: 5,
    });
    expect(actionBody(action('delete'), {}, { row: { id: 5 } })).toEqual({ id: 5 });
    expect(actionBody(action('markSelectedRead'), {}, { targets: ['1', '2'] })).toEqual({
      read: true,
      ids: ['1', '2'],
    });
    // The list's read filter is replaced by the new state; the other filters stay.
    expect(
      actionBody(
        action('markAllRead'),
        {},
        { filters: { read: 'unread', types: ['sos'], startDate: '2020-01-01' } },
      ),
    ).toEqual({ read: true, all: true, types: ['sos'], startDate: '2020-01-01' });
  });
});
