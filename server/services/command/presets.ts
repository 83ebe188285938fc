import { and, asc, eq } from 'drizzle-orm';
import { COMMAND_PRESETS_MAX } from '../../../src/domain/limits';
import type { Db } from '../../db/client';
import { commandPresets } from '../../db/schema/command-presets';
import { AppError, badRequest, notFound } from '../../lib/errors';
import type { AuthContext } from '../../plugins/auth';
import type { CommandRequest } from './resolve';

export const PRESETS_MAX = COMMAND_PRESETS_MAX;

/** The caller's saved commands (getOrderCommand). */
export async function listPresets(db: Db, auth: AuthContext) {
  return db
    .select({
      id: commandPresets.id,
      name: commandPresets.name,
      commandKey: commandPresets.commandKey,
      params: commandPresets.params,
      content: commandPresets.content,
      createdAt: commandPresets.createdAt,
    })
    .from(commandPresets)
    .where(eq(commandPresets.userId, auth.user.id))
    .orderBy(asc(commandPresets.name));
}

/** Saves a command under a name; the same name again replaces it (saveOrderCommand). */
export async function savePreset(db: Db, auth: AuthContext, name: string, cmd: CommandRequest) {
  if (!cmd.commandKey && !cmd.content?.trim()) throw badRequest('commandEmpty');
  const values = {
    userId: auth.user.id,
    name: name.trim(),
    commandKey: cmd.commandKey ?? null,
    params: cmd.commandKey ? (cmd.params ?? {}) : null,
    content: cmd.commandKey ? null : cmd.content!.trim(),
  };
  return db.transaction(async (tx) => {
    const mine = await tx
      .select({ id: commandPresets.id, name: commandPresets.name })
      .from(commandPresets)
      .where(eq(commandPresets.userId, auth.user.id))
      .for('update');
    if (!mine.some((p) => p.name === values.name) && mine.length >= PRESETS_MAX)
      throw new AppError(400, 'presetLimit', undefined, 400, null, { limit: PRESETS_MAX });
    const [row] = await tx
      .insert(commandPresets)
      .values(values)
      .onConflictDoUpdate({
        target: [commandPresets.userId, commandPresets.name],
        set: { commandKey: values.commandKey, params: values.params, content: values.content },
      })
      .returning({ id: commandPresets.id });
    return row!;
  });
}

export async function deletePreset(db: Db, auth: AuthContext, id: number) {
  const gone = await db
    .delete(commandPresets)
    .where(and(eq(commandPresets.id, id), eq(commandPresets.userId, auth.user.id)))
    .returning({ id: commandPresets.id });
  if (!gone.length) throw notFound();
}
