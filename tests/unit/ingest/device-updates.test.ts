import { describe, expect, it } from 'vitest';
import { addToUpdates, splitUpdates, type DeviceUpdate } from '../../../server/ingest/device-updates';
import type { PositionRecord } from '../../../server/ingest/position-writer';

const rec = (deviceId: number, fixAt: number, valid: boolean, over: Partial<PositionRecord> = {}) =>
  ({
    deviceId,
    fixTime: new Date(fixAt),
    serverTime: new Date(fixAt),
    lat: 39.9,
    lon: 116.4,
    valid,
    acc: true,
    battery: 50,
    attributes: null,
    ...over,
  }) as PositionRecord;

function run(records: PositionRecord[]) {
  const m = new Map<number, DeviceUpdate>();
  for (const r of records) addToUpdates(m, r);
  return splitUpdates(m);
}

describe('device-row updates', () => {
  it('keeps the newest trusted fix of each device', () => {
    const a = rec(1, 1000, true);
    const b = rec(1, 3000, true);
    const c = rec(2, 2000, true);
    expect(run([a, b, c])).toEqual({ fixes: [b, c], statuses: [] });
    expect(run([b, a]).fixes).toEqual([b]);
  });

  it('never makes an untrusted fix the position, but keeps its later status', () => {
    const good = rec(1, 1000, true);
    const bad = rec(1, 5000, false, { lat: 116.3, acc: false, battery: 20 });
    expect(run([good, bad])).toEqual({ fixes: [good], statuses: [bad] });
    expect(run([bad])).toEqual({ fixes: [], statuses: [bad] });
  });

  it('drops a status older than a trusted fix, and archived re-uploads', () => {
    const bad = rec(1, 1000, false, { acc: false });
    const good = rec(1, 2000, true);
    expect(run([bad, good])).toEqual({ fixes: [good], statuses: [] });
    const archived = rec(1, 9000, false, { attributes: { archived: true } });
    expect(run([good, archived])).toEqual({ fixes: [good], statuses: [] });
  });
});
