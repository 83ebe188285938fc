import { NoResponderError, SUBJECT, type EventBus } from '../../bus/types';
import type { CommandOutcome, CommandRequest } from '../../gateway/runtime/command-channel';

/**
 * Sends a command to a terminal by its id, through whichever gateway node holds its connection,
 * without the command log: for factory operations on stock terminals that belong to no account
 * (OTA packages, server-address changes). Null when no node holds the terminal (offline).
 * Throws the bus's timeout error when the node does not answer at all.
 */
export async function sendToTerminal(
  bus: EventBus,
  terminalId: string,
  request: CommandRequest,
  timeoutMs: number,
): Promise<CommandOutcome | null> {
  try {
    return await bus.request<CommandOutcome>(
      SUBJECT.gatewayCommand(terminalId),
      { ...request, timeoutMs },
      timeoutMs + 2000,
    );
  } catch (e) {
    if (e instanceof NoResponderError) return null;
    throw e;
  }
}
