import { eq } from 'drizzle-orm';
import { PERMISSIONS as P } from '../../../config/roles';
import { can } from '../../../src/domain/ability';
import {
  matchCommand,
  renderCommand,
  type CommandDef,
  type ParamValues,
} from '../../../src/domain/command-set';
import type { Db } from '../../db/client';
import { deviceTypes } from '../../db/schema/device-types';
import { AppError, badRequest } from '../../lib/errors';
import type { AuthContext } from '../../plugins/auth';

/** What a caller asks to send: a command of the device's set with its values, or typed text. */
export interface CommandRequest {
  content?: string;
  commandKey?: string;
  params?: ParamValues;
}

export interface ResolvedCommand {
  content: string;
  /** The set's command it is, or null for free text. */
  def: CommandDef | null;
}

/** Command sets change rarely; a node re-reads one at most this often (updates clear it here). */
const CACHE_MS = 30_000;
const cache = new Map<string, { at: number; commands: CommandDef[] }>();

export function forgetCommandSets() {
  cache.clear();
}

/** The command set of a device type (empty for a type that is not configured). */
export async function commandSetOf(db: Db, deviceType: string): Promise<CommandDef[]> {
  const hit = cache.get(deviceType);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.commands;
  const [row] = await db
    .select({ config: deviceTypes.commandConfig })
    .from(deviceTypes)
    .where(eq(deviceTypes.name, deviceType))
    .limit(1);
  const commands = row?.config.commands ?? [];
  cache.set(deviceType, { at: Date.now(), commands });
  return commands;
}

/**
 * The text to send for a request, checked against the device type's set: a named command is
 * rendered from its values (each in its range); typed text that reads as one of the set's
 * commands is checked the same way; anything else is free text, only for holders of the
 * raw-command permission.
 */
export function resolveAgainst(
  commands: readonly CommandDef[],
  auth: AuthContext,
  req: CommandRequest,
): ResolvedCommand {
  const canRaw = can(auth.ability, P.commandRaw);
  if (req.commandKey) {
    const def = commands.find((c) => c.key === req.commandKey);
    if (!def) throw badRequest('commandNotInSet');
    if (def.raw && !canRaw) throw new AppError(403, 'commandRawForbidden');
    return { content: rendered(def, req.params ?? {}), def: def.raw ? null : def };
  }
  const text = (req.content ?? '').trim();
  if (!text) throw badRequest('commandEmpty');
  const match = matchCommand(commands, text);
  if (match) {
    rendered(match.def, match.values);
    return { content: text, def: match.def };
  }
  if (!canRaw) throw new AppError(403, 'commandRawForbidden');
  return { content: text, def: null };
}

function rendered(def: CommandDef, values: ParamValues): string {
  const r = renderCommand(def, values);
  if ('problem' in r) throw new AppError(400, r.problem.key, undefined, 400, null, r.problem.params);
  return r.content;
}

export async function resolveCommand(
  db: Db,
  auth: AuthContext,
  deviceType: string,
  req: CommandRequest,
): Promise<ResolvedCommand> {
  return resolveAgainst(await commandSetOf(db, deviceType), auth, req);
}
