import { FENCE_POST_TYPES } from '../../../src/domain/fence/rules';
import type { Db } from '../client';
import { fenceDevices } from '../schema/fence-devices';
import { fences } from '../schema/fences';
import { simulatedOrder } from '../../sim/fleet';
import { SEED_USER_IDS as U } from './accounts';
import type { NewDeviceRow } from './devices';

/** Small enough that a simulated vehicle, starting at its centre, leaves it within a minute. */
const DEPOT_RADIUS_M = 300;
/** Depots per account, on its first simulated vehicles. */
const DEPOTS: [owner: number, count: number][] = [
  [U.agent, 4],
  [U.demo, 3],
  [U.user, 2],
  [U.agent2, 1],
];

/**
 * A depot fence round the start of some simulated vehicles, allocated in/out: on a fresh
 * `npm start` each such vehicle drives out of it (a fence alarm) within about a minute.
 */
export async function seedDepotFences(db: Db, fleet: readonly NewDeviceRow[], now: Date) {
  const simulated = simulatedOrder(fleet).map(({ d }) => d);
  const picks = DEPOTS.flatMap(([owner, count]) =>
    simulated.filter((d) => d.userId === owner).slice(0, count),
  );
  if (!picks.length) return;
  const rows = await db
    .insert(fences)
    .values(
      picks.map((d, i) => ({
        name: `Depot ${i + 1} · ${d.nickname || d.terminalId}`.slice(0, 64),
        userId: d.userId!,
        type: 'circle' as const,
        centerLat: d.lat,
        centerLon: d.lon,
        radius: DEPOT_RADIUS_M,
        alarmMode: 'inout' as const,
        createdAt: now,
      })),
    )
    .returning({ id: fences.id });
  // Agent's depots also text and call its phone (the sandbox provider records them: the
  // notification log shows them); the others alarm on the platform only.
  await db.insert(fenceDevices).values(
    rows.map((f, i) => ({
      fenceId: f.id,
      deviceId: picks[i].id!,
      alarmMode: 'inout' as const,
      postType: picks[i].userId === U.agent ? FENCE_POST_TYPES.smsPhone : FENCE_POST_TYPES.platform,
    })),
  );
}
