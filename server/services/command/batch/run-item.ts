import { COMMAND_RESULT, DEVICE_PROTOCOL, DEVICE_STATE } from '../../../../src/domain/codes';
import type { CommandItemStatus } from '../../../../src/domain/command-batch';
import { mayQueueOffline, type CommandDef } from '../../../../src/domain/command-set';
import { NORMAL_MODE_COMMAND, supportsOfflineCommands } from '../../../../src/domain/commands';
import type { MessageKey } from '../../../../src/domain/messages';
import { NoResponderError, type EventBus } from '../../../bus/types';
import type { Db } from '../../../db/client';
import type { DeviceRow } from '../../../db/schema/devices';
import { AppError } from '../../../lib/errors';
import type { AuthContext } from '../../../plugins/auth';
import { noteLockCommand } from '../../device-lock';
import { deliverCommand } from '../delivery';
import { commandSetOf, resolveAgainst, type CommandRequest } from '../resolve';
import { queueOffline } from '../send';

export interface ItemContext {
  db: Db;
  bus: EventBus;
  auth: AuthContext;
  request: CommandRequest;
  timeoutMs: number;
  offlineTtlHours: number;
  /** The batch's own cache of command sets by device type (one read per type per batch). */
  sets: Map<string, Promise<readonly CommandDef[]>>;
}

export interface ItemOutcome {
  status: CommandItemStatus;
  reason: MessageKey | null;
  content: string | null;
  reply: string | null;
  result: number | null;
  commandId: number | null;
  offlineCommandId: number | null;
}

const outcome = (status: CommandItemStatus, o: Partial<ItemOutcome> = {}): ItemOutcome => ({
  status,
  reason: null,
  content: null,
  reply: null,
  result: null,
  commandId: null,
  offlineCommandId: null,
  ...o,
});

export const failedItem = (reason: MessageKey, content: string | null = null) =>
  outcome('failed', { reason, content });

/** In flight: sent (or about to be), its outcome awaited. */
export const sentItem = (content: string | null) => outcome('sent', { content });

function setOf(ctx: ItemContext, deviceType: string) {
  let set = ctx.sets.get(deviceType);
  if (!set) {
    set = commandSetOf(ctx.db, deviceType);
    ctx.sets.set(deviceType, set);
  }
  return set;
}

/** The text this device is sent, or the key that refuses it for this device's type. */
async function resolveForDevice(ctx: ItemContext, device: DeviceRow) {
  try {
    return resolveAgainst(await setOf(ctx, device.deviceType), ctx.auth, ctx.request);
  } catch (e) {
    if (e instanceof AppError) return e.key;
    throw e;
  }
}

/**
 * The spec's command flow (section 4) for one device of a batch, as sendCommand runs it for one
 * device, but every refusal is this device's outcome instead of an error of the request: no
 * device in reach, a command its type refuses, an NB-IoT device without its platform id, the
 * normal-mode command to an online device; then the command goes to the node holding the
 * connection, and a device no node holds gets an offline command when its protocol and the
 * command allow one. `onSent` marks the item in flight before the reply is awaited.
 */
export async function runItem(
  ctx: ItemContext,
  device: DeviceRow | undefined,
  onSent: (content: string) => void,
): Promise<ItemOutcome> {
  if (!device) return failedItem('notFound');
  const resolved = await resolveForDevice(ctx, device);
  if (typeof resolved === 'string') return failedItem(resolved);
  const { content, def } = resolved;
  if (device.protocol === DEVICE_PROTOCOL.Nbiot && !device.nbDeviceId)
    return failedItem('deviceIdMissing', content);
  if (content.toUpperCase() === NORMAL_MODE_COMMAND && device.state === DEVICE_STATE.online)
    return failedItem('normalModeOnline', content);
  onSent(content);
  let sent: Awaited<ReturnType<typeof deliverCommand>>;
  try {
    sent = await deliverCommand(ctx.db, ctx.bus, device, content, ctx.auth.user.id, ctx.timeoutMs);
  } catch (e) {
    if (!(e instanceof NoResponderError)) throw e;
    if (!supportsOfflineCommands(device.protocol) || !mayQueueOffline(def))
      return failedItem('deviceNotOnline', content);
    const queued = await queueOffline(ctx.db, ctx.auth, device, content, ctx.offlineTtlHours);
    return outcome('queued', { reason: 'commandQueued', content, offlineCommandId: queued.id });
  }
  const { result, reply } = sent.outcome;
  if (result === COMMAND_RESULT.success) await noteLockCommand(ctx.db, device.id, content);
  const status =
    result === COMMAND_RESULT.success ? 'success' : result === COMMAND_RESULT.timeout ? 'timeout' : 'error';
  return outcome(status, { content, reply, result, commandId: sent.commandId });
}
