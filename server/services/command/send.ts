import { and, eq } from 'drizzle-orm';
import { COMMAND_RESULT } from '../../../src/domain/codes';
import { mayQueueOffline } from '../../../src/domain/command-set';
import { isDeviceExpired } from '../../../src/domain/expiry';
import type { EventBus } from '../../bus/types';
import type { ServerConfig } from '../../config';
import type { Db } from '../../db/client';
import { commandStatusLog } from '../../db/schema/command-status-log';
import { offlineCommands } from '../../db/schema/offline-commands';
import { badRequest, demoForbidden } from '../../lib/errors';
import type { AuthContext } from '../../plugins/auth';
import { loadDeviceInScope } from '../device-scope';
import { deviceRefusal, dispatchCommand, mayQueueFor, nbIdMissing, type CommandSettings } from './flow';
import { queueOffline } from './queue';
import { resolveCommand, type CommandRequest } from './resolve';

export type { CommandSettings };

/** The command timing of the server's settings (COMMAND_TIMEOUT, OFFLINE_COMMAND_TTL_HOURS). */
export const commandSettingsOf = (config: ServerConfig): CommandSettings => ({
  timeoutMs: config.gateway.commandTimeoutSeconds * 1000,
  offlineTtlHours: config.offlineCommandTtlHours,
});

/**
 * The console's command to one device (spec section 4): demo refused, the device in reach, the
 * text resolved against its type's set, then the shared flow; any refusal is the request's error.
 */
export async function sendCommand(
  db: Db,
  bus: EventBus,
  auth: AuthContext,
  terminalId: string,
  req: CommandRequest,
  s: CommandSettings,
) {
  if (auth.demo) throw demoForbidden();
  const device = await loadDeviceInScope(db, auth, terminalId);
  const resolved = await resolveCommand(db, auth, device.deviceType, req);
  const refusal = deviceRefusal(device, resolved.content);
  if (refusal) throw badRequest(refusal);
  const r = await dispatchCommand(db, bus, auth, device, resolved, s);
  const base = { content: resolved.content, commandKey: resolved.def?.key ?? null };
  if (r.kind === 'unreachable') throw badRequest('deviceNotOnline');
  if (r.kind === 'queued')
    return { ...base, queued: true, offlineCommandId: r.offlineCommandId, key: 'commandQueued' as const };
  const timedOut = r.outcome.result === COMMAND_RESULT.timeout;
  return {
    ...base,
    queued: false,
    commandId: r.commandId,
    backContent: r.outcome.reply,
    result: r.outcome.result,
    // Without offline support the user is asked whether to save it as an offline command.
    askOffline: timedOut && !mayQueueFor(device, resolved.def),
    key: timedOut ? ('commandTimeout' as const) : undefined,
  };
}

export async function insertOffline(
  db: Db,
  auth: AuthContext,
  terminalId: string,
  req: CommandRequest,
  ttlHours: number,
) {
  if (auth.demo) throw demoForbidden();
  const device = await loadDeviceInScope(db, auth, terminalId);
  const { content, def } = await resolveCommand(db, auth, device.deviceType, req);
  if (isDeviceExpired(device, Date.now())) throw badRequest('deviceExpired');
  if (!mayQueueOffline(def)) throw badRequest('commandNotOffline');
  if (nbIdMissing(device)) throw badRequest('deviceIdMissing');
  const row = await queueOffline(db, auth, device, content, ttlHours);
  return { offlineCommandId: row.id, key: 'commandQueued' as const };
}

export async function cancelOffline(db: Db, auth: AuthContext, terminalId: string, id: number) {
  const device = await loadDeviceInScope(db, auth, terminalId);
  const [row] = await db
    .update(offlineCommands)
    .set({ status: 'cancelled' })
    .where(
      and(
        eq(offlineCommands.id, id),
        eq(offlineCommands.deviceId, device.id),
        eq(offlineCommands.status, 'queued'),
      ),
    )
    .returning({ id: offlineCommands.id });
  if (!row) throw badRequest('notFound');
  await db
    .insert(commandStatusLog)
    .values({ offlineCommandId: id, terminalId, status: 'cancelled', userId: auth.user.id });
}
