import { and, asc, count, desc, eq, gte, inArray, like, lte, type SQL } from 'drizzle-orm';
import {
  COMMAND_ITEM_STATUSES,
  type CommandBatchStatus,
  type CommandItemStatus,
} from '../../../../src/domain/command-batch';
import { FACTORY_ROLES } from '../../../../config/roles';
import type { Db } from '../../../db/client';
import { commandBatchItems as items, commandBatches as batches } from '../../../db/schema/command-batches';
import { devices } from '../../../db/schema/devices';
import { users } from '../../../db/schema/users';
import { pageWindow, type PageParams } from '../../../lib/envelope';
import { prefixPattern } from '../../../lib/sql';
import type { AuthContext } from '../../../plugins/auth';
import { scopeOf } from '../../scope';
import { reasonTexts } from './reason';

/**
 * The batch lists: batches sent by accounts of the caller's subtree with how many items are in
 * each state, and their items under filters (the search screen and its export).
 */

/**
 * Batches whose sender lies in the caller's subtree; with `factory`, batches sent by factory
 * staff (the factory routes, behind the factory permission: staff share one back office).
 */
function batchScope(db: Db, auth: AuthContext, factory = false): SQL {
  const senders = factory
    ? db.select({ id: users.id }).from(users).where(inArray(users.role, [...FACTORY_ROLES]))
    : db.select({ id: users.id }).from(users).where(scopeOf(auth));
  return inArray(batches.userId, senders);
}

export async function findBatches(
  db: Db,
  auth: AuthContext,
  q: PageParams & { status?: CommandBatchStatus },
  factory = false,
) {
  const where = and(batchScope(db, auth, factory), q.status ? eq(batches.status, q.status) : undefined);
  const [{ total }] = await db.select({ total: count() }).from(batches).where(where);
  const { limit, offset } = pageWindow(q);
  const rows = await db
    .select({
      id: batches.id,
      batchId: batches.batchKey,
      label: batches.label,
      commandKey: batches.commandKey,
      params: batches.params,
      content: batches.content,
      total: batches.total,
      status: batches.status,
      username: users.username,
      createdAt: batches.createdAt,
      finishedAt: batches.finishedAt,
    })
    .from(batches)
    .leftJoin(users, eq(users.id, batches.userId))
    .where(where)
    .orderBy(desc(batches.createdAt), desc(batches.id))
    .limit(limit)
    .offset(offset);
  const tally = rows.length
    ? await db
        .select({ batchId: items.batchId, status: items.status, n: count() })
        .from(items)
        .where(
          inArray(
            items.batchId,
            rows.map((r) => r.id),
          ),
        )
        .groupBy(items.batchId, items.status)
    : [];
  const list = rows.map((r) => {
    const counts = Object.fromEntries(COMMAND_ITEM_STATUSES.map((s) => [s, 0])) as Record<
      CommandItemStatus,
      number
    >;
    for (const t of tally) if (t.batchId === r.id) counts[t.status] = Number(t.n);
    return { ...r, counts };
  });
  return { list, total: Number(total) };
}

export interface ItemFilter {
  /** The batch's key (the batchId its sender chose). */
  batchId?: string;
  /** A terminal id or its beginning. */
  terminalID?: string;
  status?: CommandItemStatus;
  /** Bounds of the item's last change. */
  startTime?: string;
  endTime?: string;
}

export function itemConditions(db: Db, auth: AuthContext, f: ItemFilter, factory = false): SQL {
  const conds: SQL[] = [batchScope(db, auth, factory)];
  if (f.batchId) conds.push(eq(batches.batchKey, f.batchId));
  const t = f.terminalID?.trim();
  if (t) conds.push(like(items.terminalId, prefixPattern(t)));
  if (f.status) conds.push(eq(items.status, f.status));
  if (f.startTime) conds.push(gte(items.updatedAt, new Date(f.startTime)));
  if (f.endTime) conds.push(lte(items.updatedAt, new Date(f.endTime)));
  return and(...conds)!;
}

/** Items with their batch, sender and device type, newest batch first, devices in the order sent. */
export function selectItems(db: Db) {
  return db
    .select({
      id: items.id,
      batchNo: batches.id,
      batchId: batches.batchKey,
      label: batches.label,
      commandKey: batches.commandKey,
      params: batches.params,
      batchContent: batches.content,
      terminalID: items.terminalId,
      deviceType: devices.deviceType,
      status: items.status,
      reason: items.reason,
      content: items.content,
      reply: items.reply,
      result: items.result,
      commandId: items.commandId,
      offlineCommandId: items.offlineCommandId,
      username: users.username,
      updatedAt: items.updatedAt,
    })
    .from(items)
    .innerJoin(batches, eq(batches.id, items.batchId))
    .leftJoin(users, eq(users.id, batches.userId))
    .leftJoin(devices, eq(devices.id, items.deviceId))
    .$dynamic();
}

export type SelectedItem = Awaited<ReturnType<ReturnType<typeof selectItems>['execute']>>[number];

/** The row an item answers: its reason as the key, its English text and the values the text names. */
export async function itemRows(db: Db, rows: SelectedItem[]) {
  const texts = await reasonTexts(db, rows);
  return rows.map((r, i) => ({
    id: r.id,
    batchNo: r.batchNo,
    batchId: r.batchId,
    label: r.label,
    terminalID: r.terminalID,
    status: r.status,
    reason: r.reason,
    message: texts[i]!.message,
    reasonParams: texts[i]!.params,
    content: r.content,
    reply: r.reply,
    result: r.result,
    commandId: r.commandId,
    offlineCommandId: r.offlineCommandId,
    username: r.username,
    updatedAt: r.updatedAt,
  }));
}

export async function searchItems(
  db: Db,
  auth: AuthContext,
  f: ItemFilter & PageParams,
  factory = false,
) {
  const where = itemConditions(db, auth, f, factory);
  const [{ total }] = await db
    .select({ total: count() })
    .from(items)
    .innerJoin(batches, eq(batches.id, items.batchId))
    .where(where);
  const { limit, offset } = pageWindow(f);
  const rows = await selectItems(db)
    .where(where)
    .orderBy(desc(batches.id), asc(items.id))
    .limit(limit)
    .offset(offset);
  return { list: await itemRows(db, rows), total: Number(total) };
}
