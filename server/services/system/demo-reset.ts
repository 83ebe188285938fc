import { and, eq, inArray, ne } from 'drizzle-orm';
import { migrate, openDatabase, type Db } from '../../db/client';
import { alarms } from '../../db/schema/alarms';
import { devices } from '../../db/schema/devices';
import { fenceDevices } from '../../db/schema/fence-devices';
import { fences } from '../../db/schema/fences';
import { users } from '../../db/schema/users';
import { SEED_USER_IDS, seedDemo } from '../../db/seed/index';
import { notFound } from '../../lib/errors';
import { subtreeOf } from '../scope';

export interface DemoResetSummary {
  devices: number;
  alarms: number;
  fences: number;
}

/**
 * Puts the demo account's data back to the seed's demo data: its devices (fields, owner), their
 * alarms, and the fences of its tree. The seed is built in a throwaway in-memory database (it is
 * deterministic apart from times) and the seed demo's rows are copied over, owned by the demo
 * account now configured. Rows of any other tree are never touched: a seed demo device that has
 * since moved to another tree stays there, and its id or IMEI taken elsewhere is skipped.
 */
export async function resetDemoData(db: Db, demoId: number, now = new Date()): Promise<DemoResetSummary> {
  const [demo] = await db.select().from(users).where(eq(users.id, demoId)).limit(1);
  if (!demo) throw notFound();
  const seed = await seedRows(now);
  const tree = new Set(
    (await db.select({ id: users.id }).from(users).where(subtreeOf(demo))).map((r) => r.id),
  );
  const own = (id: number | null) => (id === SEED_USER_IDS.demo ? demoId : id);

  return db.transaction(async (tx) => {
    const ids = seed.devices.map((d) => d.id);
    const live = new Map(
      (
        await tx
          .select({ id: devices.id, userId: devices.userId })
          .from(devices)
          .where(inArray(devices.id, ids))
      ).map((r) => [r.id, r.userId]),
    );
    const restored: number[] = [];
    for (const d of seed.devices) {
      const row = { ...d, userId: own(d.userId)!, agentId: own(d.agentId) };
      if (live.has(d.id)) {
        if (!tree.has(live.get(d.id)!)) continue;
        const { id, ...fields } = row;
        const clash = await tx
          .select({ id: devices.id })
          .from(devices)
          .where(and(eq(devices.terminalId, d.terminalId), ne(devices.id, id)))
          .limit(1);
        if (clash.length) continue;
        await tx.update(devices).set(fields).where(eq(devices.id, id));
      } else {
        const clash = await tx
          .select({ id: devices.id })
          .from(devices)
          .where(eq(devices.terminalId, d.terminalId))
          .limit(1);
        if (clash.length) continue;
        await tx.insert(devices).values(row);
      }
      restored.push(d.id);
    }

    let alarmCount = 0;
    if (restored.length) {
      await tx.delete(alarms).where(inArray(alarms.deviceId, restored));
      const rows = seed.alarms.filter((a) => restored.includes(a.deviceId)).map(({ id: _id, ...a }) => a);
      if (rows.length) await tx.insert(alarms).values(rows);
      alarmCount = rows.length;
    }

    // Fence links restrict the fence's deletion: they go first.
    const old = await tx
      .select({ id: fences.id })
      .from(fences)
      .where(inArray(fences.userId, [...tree]));
    if (old.length) {
      const oldIds = old.map((f) => f.id);
      await tx.delete(fenceDevices).where(inArray(fenceDevices.fenceId, oldIds));
      await tx.delete(fences).where(inArray(fences.id, oldIds));
    }
    for (const f of seed.fences) {
      const { id: oldId, ...fields } = f;
      const [created] = await tx
        .insert(fences)
        .values({ ...fields, userId: demoId })
        .returning({ id: fences.id });
      const links = seed.fenceDevices
        .filter((l) => l.fenceId === oldId && restored.includes(l.deviceId))
        .map((l) => ({ ...l, fenceId: created.id }));
      if (links.length) await tx.insert(fenceDevices).values(links);
    }
    return { devices: restored.length, alarms: alarmCount, fences: seed.fences.length };
  });
}

/** The seed demo's devices, alarms and fences, from a throwaway seeded database. */
async function seedRows(now: Date) {
  const scratch = await openDatabase({ url: '', dataDir: 'memory' });
  try {
    await migrate(scratch);
    await seedDemo(scratch, { now, history: false });
    const s = scratch.db;
    const demoDevices = await s.select().from(devices).where(eq(devices.userId, SEED_USER_IDS.demo));
    const ids = demoDevices.map((d) => d.id);
    const demoFences = await s.select().from(fences).where(eq(fences.userId, SEED_USER_IDS.demo));
    return {
      devices: demoDevices,
      alarms: ids.length ? await s.select().from(alarms).where(inArray(alarms.deviceId, ids)) : [],
      fences: demoFences,
      fenceDevices: demoFences.length
        ? await s
            .select()
            .from(fenceDevices)
            .where(
              inArray(
                fenceDevices.fenceId,
                demoFences.map((f) => f.id),
              ),
            )
        : [],
    };
  } finally {
    await scratch.close();
  }
}
