import { eq } from 'drizzle-orm';
import { IMEI_SEARCH_MAX_LINES } from '../../../src/domain/device-rules';
import type { MessageKey } from '../../../src/domain/messages';
import { normalizePlate } from '../../../src/domain/plate';
import {
  parseLines,
  validateIccid,
  validateIconType,
  validatePlate,
  validateSim,
  validateTimezone,
} from '../../../src/domain/validators';
import type { Db } from '../../db/client';
import { devices } from '../../db/schema/devices';
import { users } from '../../db/schema/users';
import { vehicleProfiles } from '../../db/schema/vehicle-profiles';
import { badRequest, notFound } from '../../lib/errors';
import type { AuthContext } from '../../plugins/auth';
import { clearCountCache } from './count-cache';
import { deviceRowsInScope, plateTakenByOther } from './lookup';
import { ownerPaths, selectDeviceRows } from './rows';

const check = (key: MessageKey | null) => {
  if (key) throw badRequest(key);
};

async function oneInScope(db: Db, auth: AuthContext, terminalID: string) {
  const row = (await deviceRowsInScope(db, auth, [terminalID.trim()])).get(terminalID.trim());
  if (!row) throw notFound();
  return row;
}

/** The IMEIs of a multi-line search, capped, each once. */
const searchLines = (text: string) => [...new Set(parseLines(text))].slice(0, IMEI_SEARCH_MAX_LINES);

/** multiInfoSearch: the listed devices with owner path; IMEIs not found (or not the caller's) listed apart. */
export async function multiInfoSearch(db: Db, auth: AuthContext, imeis: string) {
  const wanted = searchLines(imeis);
  const found = await deviceRowsInScope(db, auth, wanted);
  const rows = wanted.flatMap((t) => (found.has(t) ? [found.get(t)!] : []));
  const paths = await ownerPaths(
    db,
    auth.user.id,
    rows.map((r) => r.userId ?? 0),
  );
  return {
    list: rows.map((r) => ({ ...r, ownerPath: paths.get(r.userId ?? 0) ?? [] })),
    missing: wanted.filter((t) => !found.has(t)),
  };
}

/** deviceExportIccid: the SIM card identifiers of the listed devices. */
export async function exportIccid(db: Db, auth: AuthContext, imeis: string) {
  const wanted = searchLines(imeis);
  const found = await deviceRowsInScope(db, auth, wanted);
  return {
    list: wanted.flatMap((t) => {
      const r = found.get(t);
      return r ? [{ terminalID: t, iccid: r.iccid, cardIccid: r.cardIccid, sim: r.sim }] : [];
    }),
    missing: wanted.filter((t) => !found.has(t)),
  };
}

/** userInfo: a device with its owner account (spec "userInfo" screen). */
export async function deviceUserInfo(db: Db, auth: AuthContext, terminalID: string) {
  const device = await oneInScope(db, auth, terminalID);
  const [owner] = await db
    .select({
      id: users.id,
      username: users.username,
      nickname: users.nickname,
      realname: users.realname,
      telephone: users.telephone,
      email: users.email,
      address: users.address,
      role: users.role,
      parentId: users.parentId,
      ancestors: users.ancestors,
    })
    .from(users)
    .where(eq(users.id, device.userId ?? 0));
  if (!owner) throw notFound();
  const path = await ownerPaths(db, auth.user.id, [owner.id]);
  const [profile] = await db
    .select({
      driverName: vehicleProfiles.driverName,
      driverPhone: vehicleProfiles.driverPhone,
      vehicleModel: vehicleProfiles.vehicleModel,
    })
    .from(vehicleProfiles)
    .where(eq(vehicleProfiles.deviceId, device.id));
  return { device, owner: { ...owner, ownerPath: path.get(owner.id) ?? [] }, profile: profile ?? null };
}

export async function updateCardIccid(db: Db, auth: AuthContext, terminalID: string, cardIccid: string) {
  const value = cardIccid.trim();
  check(validateIccid(value));
  const device = await oneInScope(db, auth, terminalID);
  await db.update(devices).set({ cardIccid: value, updatedAt: new Date() }).where(eq(devices.id, device.id));
  return { terminalID: device.terminalID, cardIccid: value };
}

export interface DeviceInfoInput {
  terminalID: string;
  nickname?: string;
  carNumber?: string;
  sim?: string;
  iccid?: string;
  remark?: string;
  iconType?: number;
  timezone?: number;
}

/**
 * deviceUpdateDeviceInfo: the editable fields of one device. Given fields are checked with the
 * shared validators (the form runs the same ones); a plate carried by another device is
 * refused with plateTaken. An empty string clears a field.
 */
export async function updateDeviceInfo(db: Db, auth: AuthContext, input: DeviceInfoInput) {
  const set: Partial<typeof devices.$inferInsert> = {};
  if (input.carNumber !== undefined) {
    const plate = normalizePlate(input.carNumber);
    check(validatePlate(plate));
    set.carNumber = plate;
  }
  if (input.sim !== undefined) {
    const sim = input.sim.trim();
    check(validateSim(sim));
    set.sim = sim;
  }
  if (input.iccid !== undefined) {
    const iccid = input.iccid.trim();
    check(validateIccid(iccid));
    set.iccid = iccid;
  }
  if (input.iconType !== undefined) check(validateIconType(input.iconType));
  if (input.timezone !== undefined) check(validateTimezone(input.timezone));
  if (input.nickname !== undefined) set.nickname = input.nickname.trim();
  if (input.remark !== undefined) set.remark = input.remark.trim();
  if (input.iconType !== undefined) set.iconType = input.iconType;
  if (input.timezone !== undefined) set.timezone = input.timezone;

  const device = await oneInScope(db, auth, input.terminalID);
  if (set.carNumber && (await plateTakenByOther(db, set.carNumber, device.terminalID)))
    throw badRequest('plateTaken');
  await db
    .update(devices)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(devices.id, device.id));
  clearCountCache();
  const [row] = await selectDeviceRows(db).where(eq(devices.id, device.id));
  return row;
}
