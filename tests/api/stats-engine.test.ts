import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_ZONE, dayOf, dayStart } from '../../src/domain/time-zone';
import { addDays, type TrackFix } from '../../src/domain/track';
import { drive } from '../unit/track/fixtures';
import { closeDatabase, startHarness, type Harness } from './harness';
import { ownRolledVehicle } from './own-vehicle';

/**
 * The engine report (issue 33) over a day of known fixes, rolled up as the job does. From 08:00
 * account time one vehicle idles 10 min (ignition on, standing), drives 20 min, then stands
 * 30 min with the ignition off: 30 min on, one idling of 10 min. A second vehicle drives the
 * same without reporting ignition at all: it is listed as having no ignition data, not as 0.
 */

let h: Harness;
let owner: string;
const ids: string[] = [];
const day = addDays(dayOf(Date.now(), ACCOUNT_ZONE), -1);
const MIN = 60_000;
const eight = dayStart(day, ACCOUNT_ZONE) + 8 * 60 * MIN;

async function vehicle(fixes: TrackFix[]) {
  ids.push((await ownRolledVehicle(h, 'agent2', fixes, [day])).terminalId);
}

beforeAll(async () => {
  h = await startHarness();
  owner = await h.login('agent2');
  const legs: [number, number, number][] = [
    [10 * 60, 0, 0],
    [20 * 60, 60, 0],
    [30 * 60, 0, 0],
  ];
  const fixes = drive(legs, { start: eight, lat: 22.5, lon: 114 });
  // Ignition on until the vehicle stops after its drive (08:30), off after.
  await vehicle(fixes.map((f) => ({ ...f, acc: f.t < eight + 30 * MIN })));
  await vehicle(drive(legs, { start: eight, lat: 22.6, lon: 114 }));
});
afterAll(async () => {
  await h.close();
  await closeDatabase();
});

describe('countEngine', () => {
  it('counts the ignition time and the idling of the day, and names the vehicle without ignition data', async () => {
    const r = await h.post(
      '/api/stat/countEngine',
      { terminalIDs: ids, startDate: day, endDate: day },
      owner,
    );
    expect(r.status, JSON.stringify(r.meta)).toBe(200);
    const [row] = r.data.list as { terminalID: string; date: string; onS: number; idleS: number }[];
    expect(r.data.total).toBe(1);
    expect(row).toMatchObject({ terminalID: ids[0], date: day });
    // Each fix's state holds until the next (10 s later): on from 08:00:00 to 08:30:00.
    expect(row.onS).toBe(30 * 60);
    // Standing with the ignition on from 08:00 until the first moving fix at 08:10.
    expect(Math.abs(row.idleS - 10 * 60)).toBeLessThanOrEqual(10);
    const idling = r.data.idling as { start: number; durationS: number; lat: number }[];
    expect(idling).toHaveLength(1);
    expect(idling[0].start).toBe(eight);
    expect(idling[0].lat).toBeCloseTo(22.5, 5);
    expect(r.data.noIgnition).toEqual([expect.objectContaining({ terminalID: ids[1] })]);
  });

  it('counts no idling when episodes start at 15 minutes', async () => {
    const r = await h.post(
      '/api/stat/countEngine',
      { terminalIDs: ids, startDate: day, endDate: day, minIdleSeconds: 900 },
      owner,
    );
    expect(r.data.idling).toEqual([]);
    expect(r.data.list[0].idleS).toBe(0);
    expect(r.data.list[0].onS).toBe(30 * 60);
  });

  it("shows nothing of another agent's vehicles", async () => {
    const r = await h.post(
      '/api/stat/countEngine',
      { terminalIDs: ids, startDate: day, endDate: day },
      await h.login('agent'),
    );
    expect(r.status).toBe(200);
    expect(r.data.total).toBe(0);
    expect(r.data.noIgnition).toEqual([]);
  });
});
