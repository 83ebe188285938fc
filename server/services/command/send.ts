import { and, eq } from 'drizzle-orm';
import { isDemo } from '../../../config/roles';
import { COMMAND_RESULT, DEVICE_PROTOCOL, DEVICE_STATE } from '../../../src/domain/codes';
import { mayQueueOffline } from '../../../src/domain/command-set';
import { NORMAL_MODE_COMMAND, supportsOfflineCommands } from '../../../src/domain/commands';
import { NoResponderError, type EventBus } from '../../bus/types';
import type { Db } from '../../db/client';
import { commandStatusLog } from '../../db/schema/command-status-log';
import type { DeviceRow } from '../../db/schema/devices';
import { offlineCommands } from '../../db/schema/offline-commands';
import { AppError, badRequest } from '../../lib/errors';
import type { AuthContext } from '../../plugins/auth';
import { deliverCommand } from './delivery';
import { resolveCommand, type CommandRequest } from './resolve';
import { loadDeviceInScope } from '../device-scope';
import { noteLockCommand } from '../device-lock';

export interface CommandSettings {
  timeoutMs: number;
  offlineTtlHours: number;
}

/** NB-IoT devices are reached through their NB platform, which knows them by its own id. */
function requireNbDeviceId(device: DeviceRow) {
  if (device.protocol === DEVICE_PROTOCOL.Nbiot && !device.nbDeviceId) throw badRequest('deviceIdMissing');
}

/** Queues a command for the device's next connection (spec: offline commands). */
export async function queueOffline(
  db: Db,
  auth: AuthContext,
  device: DeviceRow,
  content: string,
  ttlHours: number,
) {
  const [row] = await db
    .insert(offlineCommands)
    .values({
      deviceId: device.id,
      terminalId: device.terminalId,
      userId: auth.user.id,
      content,
      protocol: device.protocol,
      expiresAt: new Date(Date.now() + ttlHours * 3600_000),
    })
    .returning();
  await db.insert(commandStatusLog).values({
    offlineCommandId: row.id,
    terminalId: device.terminalId,
    status: 'queued',
    userId: auth.user.id,
  });
  return row;
}

/**
 * The command flow of spec section 4: demo refused; the normal-mode command refused for an
 * online device; an unreachable device gets an offline command when its protocol supports it;
 * otherwise the command goes to whichever node holds the connection and the reply decides
 * the result.
 */
export async function sendCommand(
  db: Db,
  bus: EventBus,
  auth: AuthContext,
  terminalId: string,
  req: CommandRequest,
  s: CommandSettings,
) {
  if (isDemo(auth.user)) throw new AppError(403, 'demoCommand');
  const device = await loadDeviceInScope(db, auth, terminalId);
  const { content, def } = await resolveCommand(db, auth, device.deviceType, req);
  requireNbDeviceId(device);
  const offlineCapable = supportsOfflineCommands(device.protocol) && mayQueueOffline(def);
  if (content.toUpperCase() === NORMAL_MODE_COMMAND && device.state === DEVICE_STATE.online) {
    throw badRequest('normalModeOnline');
  }
  let sent: Awaited<ReturnType<typeof deliverCommand>>;
  try {
    sent = await deliverCommand(db, bus, device, content, auth.user.id, s.timeoutMs);
  } catch (e) {
    if (!(e instanceof NoResponderError)) throw e;
    if (!offlineCapable) throw badRequest('deviceNotOnline');
    const queued = await queueOffline(db, auth, device, content, s.offlineTtlHours);
    return {
      queued: true,
      offlineCommandId: queued.id,
      content,
      commandKey: def?.key ?? null,
      key: 'commandQueued' as const,
    };
  }
  const { outcome, commandId } = sent;
  // The lock rule's clock starts when the device confirms the unlock, not when it is asked.
  if (outcome.result === COMMAND_RESULT.success) await noteLockCommand(db, device.id, content);
  const timedOut = outcome.result === COMMAND_RESULT.timeout;
  return {
    queued: false,
    content,
    commandKey: def?.key ?? null,
    commandId,
    backContent: outcome.reply,
    result: outcome.result,
    // Without offline support the user is asked whether to save it as an offline command.
    askOffline: timedOut && !offlineCapable,
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
  if (isDemo(auth.user)) throw new AppError(403, 'demoCommand');
  const device = await loadDeviceInScope(db, auth, terminalId);
  const { content, def } = await resolveCommand(db, auth, device.deviceType, req);
  if (!mayQueueOffline(def)) throw badRequest('commandNotOffline');
  requireNbDeviceId(device);
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
