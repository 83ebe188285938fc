import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LocationMessage } from '../../server/gateway/codec';
import type { GatewayContext } from '../../server/gateway/runtime/context';
import type { KnownDevice } from '../../server/gateway/runtime/directory';

const stored = vi.hoisted(() => [] as unknown[][]);
vi.mock('../../server/alarms/store', () => ({
  storeAlarms: vi.fn(async (_db: unknown, _bus: unknown, list: unknown[]) => {
    stored.push(list);
    return [];
  }),
}));

const { recordAlarm } = await import('../../server/gateway/runtime/alarms');

const ctx = { db: {}, bus: {} } as unknown as GatewayContext;
const device = { id: 7, terminalId: '864717003283581' } as unknown as KnownDevice;
const now = new Date();
const fix = (alarms: LocationMessage['alarms']) =>
  ({
    type: 'alarm',
    time: new Date(now.getTime() - 60_000),
    valid: true,
    latitude: 22.5,
    longitude: 114.1,
    speed: 30,
    course: 0,
    alarm: alarms?.[0],
    alarms,
  }) as LocationMessage;

describe('recordAlarm', () => {
  beforeEach(() => {
    stored.length = 0;
  });

  it('stores one alarm per type a frame raises, each with the frame list', async () => {
    await recordAlarm(ctx, device, ['sos', 'powerCut'], fix(['sos', 'powerCut']));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toEqual([
      expect.objectContaining({
        deviceId: 7,
        type: 'sos',
        lat: 22.5,
        attributes: { alarms: ['sos', 'powerCut'] },
      }),
      expect.objectContaining({
        deviceId: 7,
        type: 'powerCut',
        lat: 22.5,
        attributes: { alarms: ['sos', 'powerCut'] },
      }),
    ]);
  });

  it('stores the given type alone, without a place for an invalid fix', async () => {
    await recordAlarm(ctx, device, ['vibration'], { ...fix(undefined), valid: false });
    expect(stored[0]).toEqual([expect.objectContaining({ type: 'vibration', lat: null, attributes: null })]);
  });
});
