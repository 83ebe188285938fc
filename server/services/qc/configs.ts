import { and, asc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { testConfigs as c } from '../../db/schema/test-results';
import { badRequest, notFound } from '../../lib/errors';
import { pageWindow, type PageParams } from '../../lib/envelope';
import { prefixPattern } from '../../lib/sql';

/** One checked item of a configuration: its limits or expected value. */
export interface ConfigItem {
  name: string;
  min?: number;
  max?: number;
  expected?: string;
  required?: boolean;
}

export interface ConfigInput {
  name: string;
  deviceType?: string;
  kind: number;
  items?: ConfigItem[];
  enabled?: boolean;
}

export interface ConfigFilter {
  name?: string;
  deviceType?: string;
  kind?: number;
}

/** config/list: the configurations, by name. */
export async function listConfigs(db: Db, f: ConfigFilter & PageParams) {
  const conds: (SQL | undefined)[] = [];
  if (f.name?.trim()) conds.push(sql`${c.name} LIKE ${prefixPattern(f.name.trim())}`);
  if (f.deviceType?.trim()) conds.push(eq(c.deviceType, f.deviceType.trim()));
  if (f.kind) conds.push(eq(c.kind, f.kind));
  const where = and(...conds);
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(c)
    .where(where);
  const { limit, offset } = pageWindow(f);
  const rows = await db.select().from(c).where(where).orderBy(asc(c.name)).limit(limit).offset(offset);
  return { list: rows, total };
}

const clean = (input: ConfigInput) => ({
  name: input.name.trim(),
  deviceType: (input.deviceType ?? '').trim(),
  kind: input.kind,
  items: (input.items ?? []).map((i) => ({ ...i, name: i.name.trim() })) as Record<string, unknown>[],
  enabled: input.enabled ?? true,
});

async function nameFree(db: Db, name: string, id?: number) {
  const taken = await db
    .select({ id: c.id })
    .from(c)
    .where(and(eq(c.name, name), id ? ne(c.id, id) : undefined))
    .limit(1);
  if (taken.length) throw badRequest('testConfigNameTaken');
}

export async function addConfig(db: Db, userId: number, input: ConfigInput) {
  const v = clean(input);
  if (!v.name) throw badRequest('required');
  await nameFree(db, v.name);
  const [row] = await db
    .insert(c)
    .values({ ...v, createdBy: userId })
    .onConflictDoNothing({ target: c.name })
    .returning();
  if (!row) throw badRequest('testConfigNameTaken');
  return row;
}

export async function editConfig(db: Db, id: number, input: ConfigInput) {
  const v = clean(input);
  if (!v.name) throw badRequest('required');
  await nameFree(db, v.name, id);
  try {
    const [row] = await db
      .update(c)
      .set({ ...v, updatedAt: new Date() })
      .where(eq(c.id, id))
      .returning();
    if (!row) throw notFound();
    return row;
  } catch (err) {
    // Two edits taking the same name at once: the unique index answers for the second.
    if ((err as { code?: string }).code === '23505') throw badRequest('testConfigNameTaken');
    throw err;
  }
}

export async function deleteConfig(db: Db, id: number) {
  const [row] = await db.delete(c).where(eq(c.id, id)).returning({ id: c.id });
  if (!row) throw notFound();
  return row;
}
