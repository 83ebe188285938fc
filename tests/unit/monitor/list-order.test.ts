import { describe, expect, it } from 'vitest';
import { DEVICE_STATE } from '../../../src/domain/codes';
import {
  keepPositions,
  lastReport,
  mayReorder,
  sameOrder,
  sortDevicesBy,
  type ListOrder,
} from '../../../src/domain/list-order';
import type { MonitorDevice } from '../../../src/domain/device-view';
import { ago, device, inDays, NOW } from './fixtures';

const ids = (list: readonly MonitorDevice[]) => list.map((d) => d.id);

describe('list orders the user picks', () => {
  const a = device({ id: 1, carNumber: 'Truck 10', speed: 0, platformExpireAt: inDays(30) });
  const b = device({
    id: 2,
    carNumber: null,
    nickname: 'truck 2',
    speed: 50,
    gapMs: 1_000,
    platformExpireAt: inDays(2),
  });
  const c = device({
    id: 3,
    carNumber: 'Bus',
    state: DEVICE_STATE.offline,
    stateTime: ago(3_600_000),
    location: null,
  });
  const d = device({
    id: 4,
    carNumber: 'Car',
    state: DEVICE_STATE.unactivated,
    stateTime: null,
    location: null,
  });
  const all = [a, b, c, d];
  const by = (order: ListOrder) => ids(sortDevicesBy(all, order, NOW));

  it('by name: A to Z on the name shown, numbers in number order, case aside', () => {
    expect(by('name')).toEqual([3, 4, 2, 1]);
  });
  it("by state: the spec's order (moving, stopped, offline, not activated)", () => {
    expect(by('state')).toEqual([2, 1, 3, 4]);
  });
  it('by last report: newest first, never heard from last', () => {
    expect(by('lastReport')).toEqual([2, 1, 3, 4]);
    // An offline device that went offline after another's last fix comes first.
    const late = device({ id: 9, state: DEVICE_STATE.offline, stateTime: ago(1000), location: null });
    expect(ids(sortDevicesBy([a, late], 'lastReport', NOW))).toEqual([9, 1]);
  });
  it('by expiry: soonest first, never expiring last, ties by id', () => {
    expect(by('expiry')).toEqual([2, 1, 3, 4]);
    const expired = device({ id: 8, platformExpireAt: ago(1000) });
    expect(ids(sortDevicesBy([a, expired, b], 'expiry', NOW))).toEqual([8, 2, 1]);
  });
  it('the same data sorts the same way twice', () => {
    for (const o of ['name', 'state', 'lastReport', 'expiry'] as const) {
      expect(ids(sortDevicesBy([...all].reverse(), o, NOW))).toEqual(by(o));
    }
  });
  it('last report is the later of the fix and the state change', () => {
    expect(lastReport(device({ stateTime: ago(10), gapMs: 5_000 }))).toBe(NOW - 10);
    expect(lastReport(device({ stateTime: null, gapMs: 5_000 }))).toBe(NOW - 5_000);
    expect(lastReport(device({ stateTime: null, location: null }))).toBeNull();
  });
});

describe('rows stay still under the hand', () => {
  it('a new order is applied only with no pointer over the rows and the rows at the top', () => {
    expect(mayReorder({ pointerOver: false, scrollTop: 0 })).toBe(true);
    expect(mayReorder({ pointerOver: true, scrollTop: 0 })).toBe(false);
    expect(mayReorder({ pointerOver: false, scrollTop: 120 })).toBe(false);
  });

  it('held: every row keeps its place with its new content; new rows come last', () => {
    const [one, two, three] = [device({ id: 1 }), device({ id: 2 }), device({ id: 3 })];
    const shown = [one, two, three];
    // Live data: 3 now drives, 2 stopped; the new order would be 3, 1, 2; and 4 appeared.
    const latest = new Map([
      [1, one],
      [2, { ...two, location: { ...two.location!, speed: 0 } }],
      [3, { ...three, location: { ...three.location!, speed: 90 } }],
      [4, device({ id: 4 })],
    ]);
    const fresh = [latest.get(3)!, latest.get(4)!, one, latest.get(2)!];
    const kept = keepPositions(shown, fresh, (id) => latest.get(id));
    expect(ids(kept)).toEqual([1, 2, 3, 4]);
    expect(kept[1].location?.speed).toBe(0);
    expect(kept[2].location?.speed).toBe(90);
    expect(sameOrder(kept, fresh)).toBe(false);
  });

  it('held: a row that left the tab stays until the order may change; a deleted device leaves', () => {
    const [one, two, three] = [device({ id: 1 }), device({ id: 2 }), device({ id: 3 })];
    const offline = { ...two, state: DEVICE_STATE.offline };
    const latest = new Map([
      [1, one],
      [2, offline],
    ]);
    // The online tab's fresh rows no longer hold 2 (offline) nor 3 (deleted).
    const kept = keepPositions([one, two, three], [one], (id) => latest.get(id));
    expect(kept).toEqual([one, offline]);
  });

  it('same order compares places, not content', () => {
    const one = device({ id: 1 });
    expect(sameOrder([one], [{ ...one, state: DEVICE_STATE.offline }])).toBe(true);
    expect(sameOrder([one], [])).toBe(false);
  });
});
