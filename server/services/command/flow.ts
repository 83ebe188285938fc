import { COMMAND_RESULT, DEVICE_PROTOCOL, DEVICE_STATE } from '../../../src/domain/codes';
import { mayQueueOffline, type CommandDef } from '../../../src/domain/command-set';
import { NORMAL_MODE_COMMAND, supportsOfflineCommands } from '../../../src/domain/commands';
import { isDeviceExpired } from '../../../src/domain/expiry';
import type { MessageKey } from '../../../src/domain/messages';
import { NoResponderError, type EventBus } from '../../bus/types';
import type { Db } from '../../db/client';
import type { DeviceRow } from '../../db/schema/devices';
import type { AuthContext } from '../../plugins/auth';
import { noteLockCommand } from '../device-lock';
import { deliverCommand } from './delivery';
import { queueOffline } from './queue';

/**
 * The command flow of spec section 4 for one device, once the text is resolved: shared by the
 * console (sendCommand, where a refusal is the request's error) and batches (where it is the
 * device's outcome).
 */

export interface CommandSettings {
  timeoutMs: number;
  offlineTtlHours: number;
}

/** NB-IoT devices are reached through their NB platform, which knows them by its own id. */
export const nbIdMissing = (device: DeviceRow) =>
  device.protocol === DEVICE_PROTOCOL.Nbiot && !device.nbDeviceId;

/** Whether this command may wait for this device as an offline command. */
export const mayQueueFor = (device: DeviceRow, def: CommandDef | null) =>
  supportsOfflineCommands(device.protocol) && mayQueueOffline(def);

/**
 * Why this device may not be sent this text now, or null: past its expiry (docs/expiry.md: an
 * expired device takes no command, sent or queued, until renewed); no NB platform id; normal
 * mode online.
 */
export function deviceRefusal(device: DeviceRow, content: string, now = Date.now()): MessageKey | null {
  if (isDeviceExpired(device, now)) return 'deviceExpired';
  if (nbIdMissing(device)) return 'deviceIdMissing';
  if (content.toUpperCase() === NORMAL_MODE_COMMAND && device.state === DEVICE_STATE.online)
    return 'normalModeOnline';
  return null;
}

export type Dispatched =
  | { kind: 'sent'; outcome: Awaited<ReturnType<typeof deliverCommand>>['outcome']; commandId: number }
  | { kind: 'queued'; offlineCommandId: number }
  | { kind: 'unreachable' };

/**
 * Sends to the node holding the connection; a device no node holds gets an offline command when
 * its protocol keeps them and the command may wait, else it is unreachable. A confirmed unlock
 * starts the lock rule's clock (not the request: the device's reply).
 */
export async function dispatchCommand(
  db: Db,
  bus: EventBus,
  auth: AuthContext,
  device: DeviceRow,
  resolved: { content: string; def: CommandDef | null },
  s: CommandSettings,
): Promise<Dispatched> {
  const { content, def } = resolved;
  try {
    const { outcome, commandId } = await deliverCommand(
      db,
      bus,
      device,
      content,
      auth.user.id,
      s.timeoutMs,
      def?.reply,
    );
    if (outcome.result === COMMAND_RESULT.success) await noteLockCommand(db, device.id, content);
    return { kind: 'sent', outcome, commandId };
  } catch (e) {
    if (!(e instanceof NoResponderError)) throw e;
    if (!mayQueueFor(device, def)) return { kind: 'unreachable' };
    const queued = await queueOffline(db, auth, device, content, s.offlineTtlHours);
    return { kind: 'queued', offlineCommandId: queued.id };
  }
}
