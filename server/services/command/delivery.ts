import { COMMAND_RESULT } from '../../../src/domain/codes';
import type { ReplyRule } from '../../../src/domain/command-reply';
import { BusTimeoutError, SUBJECT, type EventBus } from '../../bus/types';
import type { Db } from '../../db/client';
import { commands } from '../../db/schema/commands';
import type { CommandOutcome } from '../../gateway/runtime/command-channel';
import { countCommandOutcome } from '../../ops/metrics';

export interface DeliveryTarget {
  id: number;
  terminalId: string;
  protocol: number;
}

/**
 * Sends a command to whichever node holds the device's connection, logs it and tells the
 * device's browsers its result. A device no node holds throws NoResponderError (the caller
 * decides whether to queue it); a node that does not answer in time is a timeout result.
 * `userId` is null for the platform's own commands (the lock rule). `reply` is how the command's
 * set judges its answer (the node holding the connection applies it).
 */
export async function deliverCommand(
  db: Db,
  bus: EventBus,
  device: DeliveryTarget,
  content: string,
  userId: number | null,
  timeoutMs: number,
  reply?: ReplyRule,
) {
  let outcome: CommandOutcome;
  try {
    outcome = await bus.request<CommandOutcome>(
      SUBJECT.gatewayCommand(device.terminalId),
      { content, timeoutMs, reply },
      timeoutMs + 2000,
    );
  } catch (e) {
    if (!(e instanceof BusTimeoutError)) throw e;
    outcome = {
      reply: null,
      result: COMMAND_RESULT.timeout,
      sentAt: new Date().toISOString(),
      repliedAt: null,
    };
  }
  const [row] = await db
    .insert(commands)
    .values({
      deviceId: device.id,
      terminalId: device.terminalId,
      userId,
      content,
      reply: outcome.reply,
      result: outcome.result,
      status: outcome.reply == null ? 'timeout' : 'replied',
      protocol: device.protocol,
      sentAt: new Date(outcome.sentAt),
      repliedAt: outcome.repliedAt ? new Date(outcome.repliedAt) : null,
    })
    .returning({ id: commands.id });
  countCommandOutcome(outcome.result);
  bus.publish(SUBJECT.commandResult(device.id), {
    type: 'command',
    deviceId: device.id,
    terminalId: device.terminalId,
    commandId: row.id,
    content,
    reply: outcome.reply,
    result: outcome.result,
  });
  return { outcome, commandId: row.id };
}
