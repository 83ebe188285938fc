import { and, count, eq, ne } from 'drizzle-orm';
import { demoPermissions } from '../../config/demo-areas';
import { ROLE, homeOf, permissionsOf } from '../../config/roles';
import { loadDemoSetting } from './system/demo-setting';
import type { Db } from '../db/client';
import { devices } from '../db/schema/devices';
import type { UserRow } from '../db/schema/users';

/** The user info object of spec section 3, as the client stores it. */
export interface UserInfo {
  id: number;
  user_id: number;
  parentId: number;
  username: string;
  nickname: string;
  role: number;
  token?: string;
  realname: string;
  telephone: string;
  email: string;
  address: string;
  idCard: string;
  ancestors: string;
  importNum: number;
  /** The administrator lets it import devices without a factory test record (issue 32). */
  importThirdParty: boolean;
  expireAt: string | null;
  remark: string;
  createdAt: string;
  deviceNum: number;
  saleNum: number;
}

export function toUserInfo(u: UserRow, counts = { deviceNum: 0, saleNum: 0 }): UserInfo {
  return {
    id: u.id,
    user_id: u.id,
    parentId: u.parentId,
    username: u.username,
    nickname: u.nickname,
    role: u.role,
    realname: u.realname,
    telephone: u.telephone,
    email: u.email,
    address: u.address,
    idCard: u.idCard,
    ancestors: u.ancestors,
    importNum: u.importNum,
    importThirdParty: u.importThirdParty,
    expireAt: u.expireAt ? u.expireAt.toISOString() : null,
    remark: u.remark,
    createdAt: u.createdAt.toISOString(),
    ...counts,
  };
}

/** deviceNum: devices the account holds; saleNum: devices it imported that now belong to others. */
export async function deviceCountsOf(
  db: Db,
  userId: number,
): Promise<{ deviceNum: number; saleNum: number }> {
  const [owned] = await db.select({ n: count() }).from(devices).where(eq(devices.userId, userId));
  const [sold] = await db
    .select({ n: count() })
    .from(devices)
    .where(and(eq(devices.agentId, userId), ne(devices.userId, userId)));
  return { deviceNum: Number(owned?.n ?? 0), saleNum: Number(sold?.n ?? 0) };
}

export async function sessionPayload(db: Db, u: UserRow, token: string, deviceId: number | null = null) {
  const role = deviceId != null ? ROLE.user : u.role;
  // The demo account is a setting (demoAccountSet): the browser learns it here, with the areas it may see.
  const setting = await loadDemoSetting(db);
  const demo = u.id === setting.userId;
  const user = { ...toUserInfo(u, await deviceCountsOf(db, u.id)), token, demo };
  return {
    token,
    user,
    permissions: demo ? demoPermissions(role, setting.areas) : [...permissionsOf(role)],
    home: homeOf(role),
    payAllowed: u.payAllowed,
    deviceId,
    /** A one-time password (after a reset): every call but the change answers passwordChangeRequired. */
    mustChangePassword: deviceId == null && u.mustChangePassword,
  };
}
