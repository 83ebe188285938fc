import { eq, sql } from 'drizzle-orm';
import type { MessageKey } from '../../../src/domain/messages';
import { normalizePlate } from '../../../src/domain/plate';
import { validateIccid, validatePlate, validateSim, validateTelephone } from '../../../src/domain/validators';
import type { Db } from '../../db/client';
import { devices } from '../../db/schema/devices';
import { vehicleProfiles } from '../../db/schema/vehicle-profiles';
import type { AuthContext } from '../../plugins/auth';
import { clearCountCache } from './count-cache';
import { deviceRowsInScope, platesInUse } from './lookup';

/** One line of an import report: `row` counts from 1 in the order sent. */
export interface RowResult {
  row: number;
  terminalID: string;
  ok: boolean;
  key?: MessageKey;
}

const CHUNK = 500;

/** Marks repeated terminalIDs (the second and later) and unknown / out-of-scope ones. */
async function firstChecks(db: Db, auth: AuthContext, ids: string[]) {
  const found = await deviceRowsInScope(db, auth, [...new Set(ids)]);
  const seen = new Set<string>();
  const keys = ids.map((t): MessageKey | null => {
    if (seen.has(t)) return 'imeiDuplicate';
    seen.add(t);
    return found.has(t) ? null : 'notFound';
  });
  return { found, keys };
}

/**
 * iccidImport: each row's ICCID must have exactly `length` letters or digits (spec section 5:
 * "must match the given length; others are reported invalid"). Valid rows are written, chunk
 * by chunk, each chunk one UPDATE ... FROM (VALUES ...).
 */
export async function importIccids(
  db: Db,
  auth: AuthContext,
  req: { rows: { terminalID: string; iccid: string }[]; length: number },
) {
  const rows = req.rows.map((r) => ({ terminalID: r.terminalID.trim(), iccid: r.iccid.trim() }));
  const { found, keys } = await firstChecks(
    db,
    auth,
    rows.map((r) => r.terminalID),
  );
  const results: (RowResult & { iccid: string })[] = rows.map((r, i) => {
    const key = validateIccid(r.iccid, req.length) ?? keys[i];
    return { row: i + 1, terminalID: r.terminalID, iccid: r.iccid, ok: !key, ...(key ? { key } : {}) };
  });
  const good = results.filter((r) => r.ok).map((r) => ({ id: found.get(r.terminalID)!.id, iccid: r.iccid }));
  for (let i = 0; i < good.length; i += CHUNK) {
    const values = sql.join(
      good.slice(i, i + CHUNK).map((g) => sql`(${g.id}::int, ${g.iccid}::varchar)`),
      sql`, `,
    );
    await db.execute(
      sql`UPDATE devices AS d SET iccid = v.iccid, updated_at = now() FROM (VALUES ${values}) AS v(id, iccid) WHERE d.id = v.id`,
    );
  }
  return { total: results.length, succeeded: good.length, results };
}

export interface HuaxiangRow {
  terminalID: string;
  carNumber?: string;
  nickname?: string;
  sim?: string;
  driverName?: string;
  driverPhone?: string;
  vehicleModel?: string;
}

/** The first rule a huaxiang row breaks, before plates are compared with other devices. */
function rowKey(r: HuaxiangRow): MessageKey | null {
  return (
    (r.carNumber ? validatePlate(r.carNumber) : null) ??
    (r.sim ? validateSim(r.sim) : null) ??
    (r.driverPhone ? validateTelephone(r.driverPhone) : null)
  );
}

/**
 * huaXiangDataImport: vehicle profile rows (plate, name, SIM, driver, driver phone, vehicle
 * model) for devices of the caller. Each row is checked on its own; a plate carried by another
 * device, or given to two rows of the file, is refused with plateTaken. Valid rows update the
 * device and its vehicle profile together, in one transaction per chunk.
 */
export async function importHuaxiang(db: Db, auth: AuthContext, input: HuaxiangRow[]) {
  const rows = input.map((r) => ({
    ...r,
    terminalID: r.terminalID.trim(),
    carNumber: r.carNumber === undefined ? undefined : normalizePlate(r.carNumber),
    sim: r.sim?.trim(),
    driverPhone: r.driverPhone?.trim(),
  }));
  const { found, keys } = await firstChecks(
    db,
    auth,
    rows.map((r) => r.terminalID),
  );
  const inUse = await platesInUse(
    db,
    rows.map((r) => r.carNumber ?? ''),
  );
  const claimed = new Set<string>();
  const results: RowResult[] = rows.map((r, i) => {
    let key = keys[i] ?? rowKey(r);
    if (!key && r.carNumber) {
      const others = (inUse.get(r.carNumber) ?? []).filter((t) => t !== r.terminalID);
      if (others.length || claimed.has(r.carNumber)) key = 'plateTaken';
      else claimed.add(r.carNumber);
    }
    return { row: i + 1, terminalID: r.terminalID, ok: !key, ...(key ? { key } : {}) };
  });
  const good = rows.filter((_, i) => results[i]!.ok);
  for (let i = 0; i < good.length; i += CHUNK) {
    await db.transaction(async (tx) => {
      for (const r of good.slice(i, i + CHUNK)) {
        const id = found.get(r.terminalID)!.id;
        const set: Partial<typeof devices.$inferInsert> = { updatedAt: new Date() };
        if (r.carNumber !== undefined) set.carNumber = r.carNumber;
        if (r.nickname !== undefined) set.nickname = r.nickname.trim();
        if (r.sim !== undefined) set.sim = r.sim;
        await tx.update(devices).set(set).where(eq(devices.id, id));
        const profile = {
          ...(r.driverName !== undefined ? { driverName: r.driverName.trim() } : {}),
          ...(r.driverPhone !== undefined ? { driverPhone: r.driverPhone } : {}),
          ...(r.vehicleModel !== undefined ? { vehicleModel: r.vehicleModel.trim() } : {}),
        };
        if (Object.keys(profile).length)
          await tx
            .insert(vehicleProfiles)
            .values({ deviceId: id, ...profile })
            .onConflictDoUpdate({
              target: vehicleProfiles.deviceId,
              set: { ...profile, updatedAt: new Date() },
            });
      }
    });
  }
  clearCountCache();
  return { total: results.length, succeeded: good.length, results };
}
