import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { commandStatusLog } from '../../db/schema/command-status-log';
import { commands } from '../../db/schema/commands';
import { offlineCommands } from '../../db/schema/offline-commands';
import { users } from '../../db/schema/users';
import { pageWindow, type PageParams } from '../../lib/envelope';
import type { AuthContext } from '../../plugins/auth';
import { loadDeviceInScope } from '../device-scope';

/**
 * A device's command history as the console shows it: the commands sent with who sent them,
 * and the offline queue with every status change (queued, sent, delivered, expired, cancelled).
 */

/** The device's offline commands (newest first), optionally only those still waiting. */
export async function findOffline(
  db: Db,
  auth: AuthContext,
  q: PageParams & { terminalID: string; waiting?: boolean },
) {
  const device = await loadDeviceInScope(db, auth, q.terminalID);
  const conds = [eq(offlineCommands.deviceId, device.id)];
  if (q.waiting) conds.push(inArray(offlineCommands.status, ['queued']));
  const where = and(...conds);
  const [{ total }] = await db.select({ total: count() }).from(offlineCommands).where(where);
  const { limit, offset } = pageWindow(q);
  const rows = await db
    .select({ row: offlineCommands, username: users.username })
    .from(offlineCommands)
    .leftJoin(users, eq(users.id, offlineCommands.userId))
    .where(where)
    .orderBy(desc(offlineCommands.seq))
    .limit(limit)
    .offset(offset);
  const changes = await statusChanges(
    db,
    rows.map((r) => r.row.id),
  );
  const list = rows.map((r) => ({ ...r.row, username: r.username, changes: changes.get(r.row.id) ?? [] }));
  return { list, total: Number(total) };
}

/** Status changes of offline commands, oldest first, with who caused each (null: the gateway). */
async function statusChanges(db: Db, ids: number[]) {
  const out = new Map<
    number,
    { status: string; at: Date; username: string | null; detail: string | null }[]
  >();
  if (!ids.length) return out;
  const rows = await db
    .select({
      id: commandStatusLog.offlineCommandId,
      status: commandStatusLog.status,
      at: commandStatusLog.createdAt,
      detail: commandStatusLog.detail,
      username: users.username,
    })
    .from(commandStatusLog)
    .leftJoin(users, eq(users.id, commandStatusLog.userId))
    .where(inArray(commandStatusLog.offlineCommandId, ids))
    .orderBy(commandStatusLog.id);
  for (const r of rows) {
    const list = out.get(r.id!) ?? [];
    list.push({ status: r.status, at: r.at, username: r.username, detail: r.detail });
    out.set(r.id!, list);
  }
  return out;
}

/** The command log of one device, newest first (spec: getCommand). */
export async function commandLog(db: Db, auth: AuthContext, q: PageParams & { terminalID: string }) {
  const device = await loadDeviceInScope(db, auth, q.terminalID);
  const where = eq(commands.deviceId, device.id);
  const [{ total }] = await db.select({ total: count() }).from(commands).where(where);
  const { limit, offset } = pageWindow(q);
  const list = await db
    .select({
      id: commands.id,
      terminalID: commands.terminalId,
      content: commands.content,
      backContent: commands.reply,
      result: commands.result,
      status: commands.status,
      deviceProtocol: commands.protocol,
      createdAt: commands.createdAt,
      repliedAt: commands.repliedAt,
      offlineCommandId: commands.offlineCommandId,
      username: users.username,
    })
    .from(commands)
    .leftJoin(users, eq(users.id, commands.userId))
    .where(where)
    .orderBy(desc(commands.id))
    .limit(limit)
    .offset(offset);
  return { list, total: Number(total) };
}
