import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { isAdmin } from '../../config/roles';
import { DEVICE_STATE } from '../../src/domain/codes';
import { checkImportLines, thirdPartyProtocol, type ImportLineResult } from '../../src/domain/device-import';
import type { Db } from '../db/client';
import { devices } from '../db/schema/devices';
import { deviceTypes } from '../db/schema/device-types';
import { importNumRecords } from '../db/schema/import-num-records';
import { stock } from '../db/schema/stock';
import { users } from '../db/schema/users';
import { badRequest } from '../lib/errors';
import type { AuthContext } from '../plugins/auth';
import { newDeviceSecret } from './passwords';
import { loadInScope } from './scope';

const CHUNK = 1000;

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

export interface ImportRequest {
  imeis: string;
  importProtocol: number;
  /** The account that receives the devices; the caller's own by default. */
  userId?: number;
}

/**
 * Whether the caller may import devices without a factory test record (issue 32): the
 * administrator, or an agent the administrator allowed (users.importThirdParty), read fresh.
 */
async function thirdPartyAllowed(db: Db, auth: AuthContext): Promise<boolean> {
  if (isAdmin(auth.user)) return true;
  const [u] = await db
    .select({ allowed: users.importThirdParty })
    .from(users)
    .where(eq(users.id, auth.user.id));
  return u?.allowed === true;
}

/** A third-party device's protocol code, and the first seeded model of that family, if any. */
async function thirdPartyKind(db: Db, importProtocol: number) {
  const protocol = thirdPartyProtocol(importProtocol);
  const [type] = await db
    .select({ name: deviceTypes.name })
    .from(deviceTypes)
    .where(and(eq(deviceTypes.importProtocol, importProtocol), eq(deviceTypes.protocol, protocol)))
    .orderBy(asc(deviceTypes.sortOrder))
    .limit(1);
  return { protocol, deviceType: type?.name ?? '' };
}

/**
 * Imports devices into an account of the caller's subtree (spec: deviceImport). Each line is
 * reported: malformed or repeated lines, IMEIs already imported and terminals of our factory
 * without a passed test are refused, and so are IMEIs our factory never made unless the caller
 * may import third-party devices; the rest are imported together. Each device costs one import from
 * the caller's count (an admin's is unlimited); an import that exceeds the count is refused
 * whole and changes nothing. Each imported device gets a random password of its own, answered
 * once with its line; the first device login with it must choose another.
 */
export async function importDevices(db: Db, auth: AuthContext, req: ImportRequest) {
  const results = checkImportLines(req.imeis, req.importProtocol);
  if (results.length === 0) throw badRequest('importEmpty');
  const owner = req.userId ? await loadInScope(db, auth, req.userId) : auth.user;
  const candidates = results.filter((r) => r.ok).map((r) => r.imei);

  const present = new Set<string>();
  const tested = new Map<string, { protocol: number; deviceType: string }>();
  // Terminals of our factory (a stock row), tested or not: never third-party devices.
  const ours = new Set<string>();
  for (const part of chunks(candidates)) {
    const rows = await db
      .select({ t: devices.terminalId })
      .from(devices)
      .where(inArray(devices.terminalId, part));
    for (const r of rows) present.add(r.t);
    const stocked = await db
      .select({
        t: stock.terminalId,
        protocol: stock.protocol,
        deviceType: stock.deviceType,
        passed: stock.testPassed,
      })
      .from(stock)
      .where(inArray(stock.terminalId, part));
    for (const s of stocked) {
      ours.add(s.t);
      if (s.passed) tested.set(s.t, { protocol: s.protocol, deviceType: s.deviceType });
    }
  }
  const thirdParty = await thirdPartyAllowed(db, auth);
  for (const r of results) {
    if (!r.ok) continue;
    if (present.has(r.imei))
      Object.assign(r, { ok: false, key: 'imeiExists' } satisfies Partial<ImportLineResult>);
    else if (ours.has(r.imei) && !tested.has(r.imei))
      Object.assign(r, { ok: false, key: 'imeiNoTestRecord' } satisfies Partial<ImportLineResult>);
    else if (!ours.has(r.imei) && !thirdParty)
      Object.assign(r, { ok: false, key: 'imeiThirdParty' } satisfies Partial<ImportLineResult>);
  }
  const accepted = results.filter((r) => r.ok).map((r) => r.imei);
  if (accepted.length === 0) return { imported: 0, results };
  // What a device without a factory record is: the family its import protocol names.
  const untested = accepted.some((imei) => !tested.has(imei))
    ? await thirdPartyKind(db, req.importProtocol)
    : null;
  const kindOf = (imei: string) => tested.get(imei) ?? untested!;

  // Each device its own password, shown to the importer in the answer and never again.
  const secrets = new Map(accepted.map((imei) => [imei, newDeviceSecret()]));
  const unlimited = isAdmin(auth.user);
  await db.transaction(async (tx) => {
    if (!unlimited) {
      const [paid] = await tx
        .update(users)
        .set({ importNum: sql`${users.importNum} - ${accepted.length}` })
        .where(and(eq(users.id, auth.user.id), sql`${users.importNum} >= ${accepted.length}`))
        .returning({ balance: users.importNum });
      if (!paid) throw badRequest('importNumInsufficient', { needed: accepted.length, results });
      await tx.insert(importNumRecords).values({
        userId: auth.user.id,
        operatorId: auth.user.id,
        delta: -accepted.length,
        balanceAfter: paid.balance,
        remark: `device import (${accepted.length})`,
      });
    }
    for (const part of chunks(accepted)) {
      await tx.insert(devices).values(
        part.map((terminalId) => ({
          terminalId,
          userId: owner.id,
          agentId: auth.user.id,
          protocol: kindOf(terminalId).protocol,
          deviceType: kindOf(terminalId).deviceType,
          importProtocol: req.importProtocol,
          passwordHash: secrets.get(terminalId)!.hash,
          passwordMustChange: true,
          state: DEVICE_STATE.unactivated,
        })),
      );
      await tx
        .update(stock)
        .set({ status: 'shipped', shippedTo: owner.id, shippedAt: new Date() })
        .where(inArray(stock.terminalId, part));
    }
  });
  for (const r of results) if (r.ok) r.password = secrets.get(r.imei)!.password;
  return { imported: accepted.length, results };
}
