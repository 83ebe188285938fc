import { COMMAND_RESULT } from '../../../../src/domain/codes';
import type { CommandItemStatus } from '../../../../src/domain/command-batch';
import type { MessageKey } from '../../../../src/domain/messages';
import type { EventBus } from '../../../bus/types';
import type { Db } from '../../../db/client';
import type { DeviceRow } from '../../../db/schema/devices';
import { AppError } from '../../../lib/errors';
import type { AuthContext } from '../../../plugins/auth';
import { deviceRefusal, dispatchCommand } from '../flow';
import { resolveCommand, type CommandRequest } from '../resolve';

export interface ItemContext {
  db: Db;
  bus: EventBus;
  auth: AuthContext;
  request: CommandRequest;
  timeoutMs: number;
  offlineTtlHours: number;
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

/**
 * The spec's command flow (section 4) for one device of a batch, as sendCommand runs it, but
 * every refusal is this device's outcome instead of an error of the request. `onSent` marks
 * the item in flight before the reply is awaited.
 */
export async function runItem(
  ctx: ItemContext,
  device: DeviceRow | undefined,
  onSent: (content: string) => void,
): Promise<ItemOutcome> {
  if (!device) return failedItem('notFound');
  let resolved: Awaited<ReturnType<typeof resolveCommand>>;
  try {
    resolved = await resolveCommand(ctx.db, ctx.auth, device.deviceType, ctx.request);
  } catch (e) {
    if (e instanceof AppError) return failedItem(e.key);
    throw e;
  }
  const { content } = resolved;
  const refusal = deviceRefusal(device, content);
  if (refusal) return failedItem(refusal, content);
  onSent(content);
  const r = await dispatchCommand(ctx.db, ctx.bus, ctx.auth, device, resolved, ctx);
  if (r.kind === 'unreachable') return failedItem('deviceNotOnline', content);
  if (r.kind === 'queued')
    return outcome('queued', { reason: 'commandQueued', content, offlineCommandId: r.offlineCommandId });
  return answeredItem(content, r.outcome, r.commandId);
}

/** The gateway answered (or timed out): the item's outcome by the result code. */
export function answeredItem(
  content: string,
  { result, reply }: { result: number; reply: string | null },
  commandId: number | null = null,
): ItemOutcome {
  const status =
    result === COMMAND_RESULT.success ? 'success' : result === COMMAND_RESULT.timeout ? 'timeout' : 'error';
  return outcome(status, { content, reply, result, commandId });
}
