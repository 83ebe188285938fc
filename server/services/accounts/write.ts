import { count, eq, like, or, sql } from 'drizzle-orm';
import { ASSIGNABLE_ROLES, PERMISSIONS, isAdmin, isAgentRole, type RoleValue } from '../../../config/roles';
import { can } from '../../../src/domain/ability';
import { childAncestors, isInSubtree } from '../../../src/domain/hierarchy';
import type { MessageKey } from '../../../src/domain/messages';
import {
  validateEmail,
  validatePassword,
  validateTelephone,
  validateUsername,
} from '../../../src/domain/validators';
import type { Db } from '../../db/client';
import { devices } from '../../db/schema/devices';
import { users, type UserRow } from '../../db/schema/users';
import { badRequest, forbidden } from '../../lib/errors';
import { eachIndependently } from '../../lib/batch';
import type { AuthContext } from '../../plugins/auth';
import { hashPassword, randomPassword } from '../passwords';
import type { LoginLimiter } from '../login-limiter';
import { AppError } from '../../lib/errors';
import { forgetAuth } from '../../plugins/auth';
import { checkOwnPassword } from './password-check';
import { loadDescendant, loadInScope } from '../scope';
import { endOtherSessions } from './end-sessions';
import { lookUpName } from './name-lookup';

function check(key: MessageKey | null) {
  if (key) throw badRequest(key);
}

async function assertUsernameFree(db: Db, limiter: LoginLimiter, auth: AuthContext, username: string) {
  check(validateUsername(username));
  if (await lookUpName(db, limiter, auth.user.id, username, 'whenTaken')) throw badRequest('usernameTaken');
}

function assertRoleAssignable(auth: AuthContext, role: number) {
  const allowed = ASSIGNABLE_ROLES[auth.user.role as RoleValue] ?? [];
  if (!(allowed as readonly number[]).includes(role)) throw badRequest('roleNotAllowed');
}

export interface NewAccount {
  parentId?: number;
  username: string;
  password: string;
  role: number;
  nickname?: string;
  realname?: string;
  telephone?: string;
  email?: string;
  address?: string;
  remark?: string;
  expireAt?: string | null;
}

export async function insertUser(
  db: Db,
  limiter: LoginLimiter,
  auth: AuthContext,
  input: NewAccount,
): Promise<UserRow> {
  const parent = input.parentId ? await loadInScope(db, auth, input.parentId) : auth.user;
  if (!isAgentRole(parent.role)) throw badRequest('notAgent');
  assertRoleAssignable(auth, input.role);
  check(validatePassword(input.password));
  check(validateTelephone(input.telephone ?? ''));
  check(validateEmail(input.email ?? ''));
  await assertUsernameFree(db, limiter, auth, input.username);
  const [row] = await db
    .insert(users)
    .values({
      parentId: parent.id,
      ancestors: childAncestors(parent),
      username: input.username,
      passwordHash: await hashPassword(input.password),
      role: input.role,
      nickname: input.nickname ?? '',
      realname: input.realname ?? '',
      telephone: input.telephone ?? '',
      email: input.email ?? '',
      address: input.address ?? '',
      remark: input.remark ?? '',
      expireAt: input.expireAt ? new Date(input.expireAt) : null,
    })
    .returning();
  return row;
}

export interface AccountChanges {
  id: number;
  nickname?: string;
  realname?: string;
  telephone?: string;
  email?: string;
  address?: string;
  idCard?: string;
  remark?: string;
  expireAt?: string | null;
  password?: string;
  oldPassword?: string;
  /** Only the administrator sets it, on an agent (issue 32). */
  importThirdParty?: boolean;
}

export async function updateUser(
  db: Db,
  limiter: LoginLimiter,
  auth: AuthContext,
  c: AccountChanges,
): Promise<void> {
  const target = await loadInScope(db, auth, c.id);
  const self = target.id === auth.user.id;
  // A session on a one-time password may only replace it (plugins/auth.ts lets this route through).
  if (auth.user.mustChangePassword && (!self || c.password === undefined)) {
    throw new AppError(403, 'passwordChangeRequired');
  }
  if (!self && !can(auth.ability, PERMISSIONS.agentEdit)) throw forbidden();
  check(validateTelephone(c.telephone ?? ''));
  check(validateEmail(c.email ?? ''));
  const set: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
  for (const k of ['nickname', 'realname', 'telephone', 'email', 'address', 'idCard', 'remark'] as const) {
    if (c[k] !== undefined) set[k] = c[k];
  }
  if (c.importThirdParty !== undefined) {
    // The administrator decides who may import devices our factory never tested.
    if (!isAdmin(auth.user)) throw forbidden();
    if (!isAgentRole(target.role)) throw badRequest('notAgent');
    set.importThirdParty = c.importThirdParty;
  }
  // An account may not extend its own validity; its parents set it.
  if (c.expireAt !== undefined && !self) set.expireAt = c.expireAt ? new Date(c.expireAt) : null;
  if (c.password !== undefined) {
    // Another account's password is reset through resetPassword, never set here.
    if (!self) throw badRequest('noPermission');
    check(validatePassword(c.password));
    if (!c.oldPassword || !(await checkOwnPassword(limiter, auth, c.oldPassword))) {
      throw badRequest('oldPasswordWrong');
    }
    set.passwordHash = await hashPassword(c.password);
    set.mustChangePassword = false;
  }
  await db.update(users).set(set).where(eq(users.id, target.id));
  // A changed password ends the account's other logins (someone may have known the old one).
  if (set.passwordHash) {
    await endOtherSessions(db, target.id, auth.tokenHash);
    forgetAuth(auth.tokenHash); // this session's cached account row holds the old password
  }
}

export async function updateUserName(
  db: Db,
  limiter: LoginLimiter,
  auth: AuthContext,
  id: number,
  username: string,
): Promise<void> {
  const target = await loadInScope(db, auth, id);
  if (target.username === username) return;
  await assertUsernameFree(db, limiter, auth, username);
  await db.update(users).set({ username, updatedAt: new Date() }).where(eq(users.id, target.id));
}

export async function updateRole(db: Db, auth: AuthContext, id: number, role: number): Promise<void> {
  const target = await loadDescendant(db, auth, id);
  assertRoleAssignable(auth, role);
  if (!isAgentRole(role)) {
    const [{ n }] = await db.select({ n: count() }).from(users).where(eq(users.parentId, target.id));
    if (Number(n) > 0) throw badRequest('hasChildren');
  }
  await db.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, target.id));
}

/**
 * Gives a sub-account a new random password, answered once to the one resetting it; the first
 * login with it must change it (users.mustChangePassword). Every session of the account ends.
 */
export async function resetPassword(db: Db, auth: AuthContext, id: number): Promise<{ password: string }> {
  const target = await loadDescendant(db, auth, id);
  const password = randomPassword();
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(password), mustChangePassword: true, updatedAt: new Date() })
    .where(eq(users.id, target.id));
  await endOtherSessions(db, target.id);
  return { password };
}

export async function deleteUser(db: Db, auth: AuthContext, id: number): Promise<void> {
  if (id === auth.user.id) throw badRequest('deleteSelf');
  const target = await loadDescendant(db, auth, id);
  const [{ n: children }] = await db.select({ n: count() }).from(users).where(eq(users.parentId, target.id));
  if (Number(children) > 0) throw badRequest('hasChildren');
  const [{ n: owned }] = await db.select({ n: count() }).from(devices).where(eq(devices.userId, target.id));
  if (Number(owned) > 0) throw badRequest('hasDevices');
  await db.delete(users).where(eq(users.id, target.id));
}

/** Deletes each account on its own; one refusal does not stop the others. */
export const deleteMany = (db: Db, auth: AuthContext, ids: number[]) =>
  eachIndependently(ids, (id) => deleteUser(db, auth, id));

/** Creates each account on its own (spec: /user/importUser); the report never echoes a password. */
export async function importUsers(db: Db, limiter: LoginLimiter, auth: AuthContext, rows: NewAccount[]) {
  const results = await eachIndependently(rows, (row) => insertUser(db, limiter, auth, row));
  return results.map(({ item: { password: _password, ...item }, ...result }) => ({ ...result, item }));
}

/** Moves account `id` (and its whole subtree) under `newParentId`. */
export async function transferAgent(
  db: Db,
  auth: AuthContext,
  id: number,
  newParentId: number,
): Promise<void> {
  if (id === newParentId) throw badRequest('transferToSelf');
  const target = await loadDescendant(db, auth, id);
  const parent = await loadInScope(db, auth, newParentId);
  if (isInSubtree(parent, target)) throw badRequest('transferUnderChild');
  if (!isAgentRole(parent.role)) throw badRequest('transferToNonAgent');
  if (parent.id === target.parentId) return;
  const oldChain = childAncestors(target);
  const newAncestors = childAncestors(parent);
  const newChain = `${newAncestors},${target.id}`;
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ parentId: parent.id, ancestors: newAncestors, updatedAt: new Date() })
      .where(eq(users.id, target.id));
    // Rewrite the prefix of every descendant's chain in one statement.
    await tx
      .update(users)
      .set({ ancestors: sql`${newChain} || substr(${users.ancestors}, ${oldChain.length + 1})` })
      .where(or(eq(users.ancestors, oldChain), like(users.ancestors, `${oldChain},%`)));
  });
}
