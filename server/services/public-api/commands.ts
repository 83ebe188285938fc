import { and, eq, inArray } from 'drizzle-orm';
import { COMMAND_RESULT } from '../../../src/domain/codes';
import type { Db } from '../../db/client';
import { commands } from '../../db/schema/commands';
import { devices } from '../../db/schema/devices';
import { users } from '../../db/schema/users';
import { notFound } from '../../lib/errors';
import type { AuthContext } from '../../plugins/auth';
import { scopeOf } from '../scope';

/** A command's outcome by name: replied, timeout, error, or pending while undecided. */
export function outcomeName(result: number | null): 'success' | 'timeout' | 'error' | 'pending' {
  if (result === COMMAND_RESULT.success) return 'success';
  if (result === COMMAND_RESULT.timeout) return 'timeout';
  if (result === COMMAND_RESULT.error) return 'error';
  return 'pending';
}

/** A command sent to a device of the caller's scope (a command of another tree is not found). */
export async function commandV1(db: Db, auth: AuthContext, id: number) {
  const owners = db.select({ id: users.id }).from(users).where(scopeOf(auth));
  const conds = [eq(commands.id, id), inArray(devices.userId, owners)];
  if (auth.deviceId != null) conds.push(eq(devices.id, auth.deviceId));
  const [row] = await db
    .select({
      id: commands.id,
      terminalId: commands.terminalId,
      content: commands.content,
      reply: commands.reply,
      result: commands.result,
      status: commands.status,
      createdAt: commands.createdAt,
      sentAt: commands.sentAt,
      repliedAt: commands.repliedAt,
    })
    .from(commands)
    .innerJoin(devices, eq(devices.id, commands.deviceId))
    .where(and(...conds))
    .limit(1);
  if (!row) throw notFound();
  const { result, ...rest } = row;
  return { ...rest, outcome: outcomeName(result) };
}
