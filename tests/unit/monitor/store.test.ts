import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEVICE_STATE } from '../../../src/domain/codes';
import type { PositionEvent } from '../../../src/providers/live';
import { DeviceStore, FLUSH_MS, RESORT_MS } from '../../../src/pages/monitor/store';
import { device } from './fixtures';

const pos = (deviceId: number, fixTime: string, speed = 50): PositionEvent => ({
  type: 'position',
  deviceId,
  lat: 22.5,
  lon: 114.1,
  speed,
  course: 180,
  fixTime,
  valid: true,
  positionType: 'gps',
  acc: true,
  battery: 70,
  alarm: null,
});

afterEach(() => vi.useRealTimers());

describe('device store', () => {
  it('applies queued events together after FLUSH_MS, one version bump per batch', () => {
    vi.useFakeTimers();
    const store = new DeviceStore();
    store.replaceAll([device({ id: 1 }), device({ id: 2 })]);
    const v0 = store.getVersion();
    const t = new Date().toISOString();
    store.enqueue([pos(1, t), pos(2, t)]);
    store.enqueue([pos(99, t)]); // not in the list: ignored
    expect(store.devices.get(1)?.location?.lat).toBe(39.9);
    vi.advanceTimersByTime(FLUSH_MS);
    expect(store.getVersion()).toBe(v0 + 1);
    expect(store.devices.get(1)?.location).toMatchObject({ lat: 22.5, lon: 114.1, speed: 50, utcTime: t });
    expect(store.takeApplied().map((p) => p.terminalID)).toEqual([
      store.devices.get(1)?.terminalID,
      store.devices.get(2)?.terminalID,
    ]);
    expect(store.takeApplied()).toEqual([]);
  });

  it('ignores an older fix than the one shown, and invalid fixes', () => {
    const store = new DeviceStore();
    const d = device({ id: 1 });
    store.replaceAll([d]);
    store.enqueue([pos(1, new Date(Date.parse(d.location!.utcTime) - 1000).toISOString())]);
    store.enqueue([{ ...pos(1, new Date().toISOString()), valid: false }]);
    expect(store.flush()).toBe(0);
    expect(store.devices.get(1)?.location?.lat).toBe(39.9);
  });

  it('remembers since when a device stands still; moving clears it', () => {
    const store = new DeviceStore();
    store.replaceAll([device({ id: 1 })]);
    const t1 = new Date(Date.now() - 20_000).toISOString();
    const t2 = new Date(Date.now() - 10_000).toISOString();
    store.enqueue([pos(1, t1, 0), pos(1, t2, 3)]);
    store.flush();
    expect(store.devices.get(1)?.stoppedSince).toBe(Date.parse(t1));
    store.enqueue([pos(1, new Date().toISOString(), 40)]);
    store.flush();
    expect(store.devices.get(1)?.stoppedSince).toBeNull();
  });

  it('a state change updates state and its time; a repeated online keeps the first time', () => {
    const store = new DeviceStore();
    store.replaceAll([device({ id: 1, state: DEVICE_STATE.offline })]);
    store.enqueue([
      { type: 'state', deviceId: 1, terminalId: 'x', state: 1, stateTime: '2026-01-01T00:00:00Z' },
    ]);
    store.enqueue([
      {
        type: 'state',
        deviceId: 1,
        terminalId: 'x',
        state: 1,
        stateTime: '2026-01-01T00:05:00Z',
        battery: 12,
      },
    ]);
    store.flush();
    expect(store.devices.get(1)).toMatchObject({ state: 1, stateTime: '2026-01-01T00:00:00Z' });
    expect(store.devices.get(1)?.location?.battery).toBe(12);
  });

  it('hands alarms of listed devices to onAlarms', () => {
    const store = new DeviceStore();
    store.replaceAll([device({ id: 1 })]);
    const seen: number[] = [];
    store.onAlarms = (a) => seen.push(...a.map((x) => x.id));
    const alarm = {
      type: 'alarm',
      id: 7,
      deviceId: 1,
      terminalId: 'x',
      alarm: 'sos',
      time: '',
      lat: null,
      lon: null,
      speed: null,
    };
    store.enqueue([alarm, { ...alarm, id: 8, deviceId: 42 }]);
    store.flush();
    expect(seen).toEqual([7]);
  });

  it('re-sorts at most every RESORT_MS while positions stream, and once more when they stop', () => {
    vi.useFakeTimers();
    const store = new DeviceStore();
    // 1 moving, 2 stopped: 1 first. Then 1 stops and 2 drives: order flips, but not at once.
    store.replaceAll([device({ id: 1, speed: 50 }), device({ id: 2, speed: 0 })]);
    expect(store.getOrdered().map((d) => d.id)).toEqual([1, 2]);
    const t = new Date().toISOString();
    store.enqueue([pos(1, t, 0), pos(2, t, 50)]);
    vi.advanceTimersByTime(FLUSH_MS);
    expect(store.getOrdered().map((d) => d.id)).toEqual([1, 2]);
    // Row content is current even before the resort.
    expect(store.getOrdered()[0].location?.speed).toBe(0);
    vi.advanceTimersByTime(RESORT_MS);
    expect(store.getOrdered().map((d) => d.id)).toEqual([2, 1]);
  });

  it('sorts in the order the user chose, at once when it changes', () => {
    const store = new DeviceStore('name');
    store.replaceAll([
      device({ id: 1, carNumber: 'Truck 10', speed: 50 }),
      device({ id: 2, carNumber: 'truck 2', speed: 0 }),
    ]);
    expect(store.getOrdered().map((d) => d.id)).toEqual([2, 1]);
    const v = store.getOrderVersion();
    store.setOrder('state');
    expect(store.getOrderVersion()).toBe(v + 1);
    expect(store.getOrdered().map((d) => d.id)).toEqual([1, 2]);
  });

  it('by name, positions streaming in never sort again (they cannot change it)', () => {
    vi.useFakeTimers();
    const store = new DeviceStore('name');
    store.replaceAll([device({ id: 1, carNumber: 'A' }), device({ id: 2, carNumber: 'B' })]);
    const v = store.getOrderVersion();
    store.enqueue([pos(1, new Date().toISOString(), 0)]);
    vi.advanceTimersByTime(FLUSH_MS + RESORT_MS * 2);
    expect(store.getOrderVersion()).toBe(v);
    expect(store.getOrdered()[0].location?.speed).toBe(0);
  });

  it("does not take a worker's order of another kind than the one chosen meanwhile", async () => {
    const store = new DeviceStore('name');
    await store.replaceSlices(
      {
        slices: [[device({ id: 3, carNumber: 'C' }), device({ id: 1, carNumber: 'A' })]],
        sorted: true,
        order: 'state',
      },
      () => false,
    );
    expect(store.getOrdered().map((d) => d.id)).toEqual([1, 3]);
  });

  it('finds a device id by IMEI (selectedTid)', () => {
    const store = new DeviceStore();
    const d = device({ id: 5 });
    store.replaceAll([d]);
    expect(store.idOf(d.terminalID)).toBe(5);
    expect(store.idOf('nope')).toBeUndefined();
    store.clear();
    expect(store.idOf(d.terminalID)).toBeUndefined();
  });

  it('takes a list in slices in the order given, and applies live events that came meanwhile after it', async () => {
    const store = new DeviceStore();
    store.replaceAll([device({ id: 1 })]);
    const t = new Date().toISOString();
    const loading = store.replaceSlices(
      { slices: [[device({ id: 3 }), device({ id: 1 })], [device({ id: 2 })]], sorted: true },
      () => false,
    );
    // Arrives while the first slice is merged: it must not be lost with the old list.
    store.enqueue([pos(2, t)]);
    expect(store.flush()).toBe(0);
    expect(await loading).toBe(true);
    expect(store.getOrdered().map((d) => d.id)).toEqual([3, 1, 2]);
    await new Promise((r) => setTimeout(r, 0));
    expect(store.devices.get(2)?.location?.utcTime).toBe(t);
    expect(store.idOf(store.devices.get(3)?.terminalID)).toBe(3);
  });

  it('leaves the list as it was when the load is cancelled between slices', async () => {
    const store = new DeviceStore();
    store.replaceAll([device({ id: 1 })]);
    const done = await store.replaceSlices({ slices: [[device({ id: 2 })], [device({ id: 3 })]], sorted: true }, () => true);
    expect(done).toBe(false);
    expect([...store.devices.keys()]).toEqual([1]);
  });

  it('keeps the object of a device a new list did not change, and replaces a changed one', () => {
    const store = new DeviceStore();
    store.replaceAll([device({ id: 1 }), device({ id: 2 })]);
    const [one, two] = [store.devices.get(1), store.devices.get(2)];
    store.replaceAll([device({ id: 1 }), device({ id: 2, state: DEVICE_STATE.offline })]);
    expect(store.devices.get(1)).toBe(one);
    expect(store.devices.get(2)).not.toBe(two);
    expect(store.devices.get(2)?.state).toBe(DEVICE_STATE.offline);
  });
});
