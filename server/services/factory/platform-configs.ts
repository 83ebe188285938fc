import { and, asc, count, eq, ilike, inArray, isNotNull, isNull, type SQL } from 'drizzle-orm';
import { AGENT_ROLES } from '../../../config/roles';
import { checkPlatformSettings, type PlatformSettings } from '../../../src/domain/factory';
import type { Db } from '../../db/client';
import { platformConfigs } from '../../db/schema/factory-settings';
import { users } from '../../db/schema/users';
import { badRequest, notFound } from '../../lib/errors';
import { pageWindow, type PageParams } from '../../lib/envelope';
import { containsPattern } from '../../lib/sql';

/**
 * The platform each customer account's trackers are set up for at the factory
 * (configPlatformForUser). Customers are the reseller accounts that hold sub-accounts (agents);
 * factory staff see all of them, with their configuration or none yet.
 */

const customer = inArray(users.role, [...AGENT_ROLES]);

export async function listPlatformConfigs(
  db: Db,
  q: PageParams & { username?: string; configured?: boolean },
) {
  const conds: SQL[] = [customer];
  const name = q.username?.trim();
  if (name) conds.push(ilike(users.username, containsPattern(name)));
  // "Not configured yet" is an account the left join found no row for.
  if (q.configured != null)
    conds.push(q.configured ? isNotNull(platformConfigs.id) : isNull(platformConfigs.id));
  const where = and(...conds);
  const joined = eq(platformConfigs.userId, users.id);
  const [{ total }] = await db
    .select({ total: count() })
    .from(users)
    .leftJoin(platformConfigs, joined)
    .where(where);
  const { limit, offset } = pageWindow(q);
  const list = await db
    .select({
      userId: users.id,
      username: users.username,
      id: platformConfigs.id,
      host: platformConfigs.host,
      port: platformConfigs.port,
      apn: platformConfigs.apn,
      apnUser: platformConfigs.apnUser,
      apnPassword: platformConfigs.apnPassword,
      uploadInterval: platformConfigs.uploadInterval,
      timezone: platformConfigs.timezone,
      updatedAt: platformConfigs.updatedAt,
    })
    .from(users)
    .leftJoin(platformConfigs, joined)
    .where(where)
    .orderBy(asc(users.username), asc(users.id))
    .limit(limit)
    .offset(offset);
  return { list, total: Number(total) };
}

/** The account's configuration; 404 when it has none (or is not a customer account). */
export async function platformConfigOf(db: Db, userId: number) {
  const [row] = await db.select().from(platformConfigs).where(eq(platformConfigs.userId, userId));
  if (!row) throw badRequest('platformConfigMissing');
  return row;
}

/** Saves (creates or replaces) a customer account's configuration. */
export async function savePlatformConfig(db: Db, by: number, userId: number, s: PlatformSettings) {
  const problem = checkPlatformSettings(s);
  if (problem) throw badRequest(problem);
  const [{ n }] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.id, userId), customer));
  if (!n) throw notFound();
  const values = {
    host: s.host.trim(),
    port: s.port,
    apn: s.apn.trim(),
    apnUser: s.apnUser.trim(),
    apnPassword: s.apnPassword,
    uploadInterval: s.uploadInterval,
    timezone: s.timezone,
    updatedBy: by,
    updatedAt: new Date(),
  };
  const [row] = await db
    .insert(platformConfigs)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: platformConfigs.userId, set: values })
    .returning();
  return row!;
}
