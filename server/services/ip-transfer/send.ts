import { COMMAND_RESULT } from '../../../src/domain/codes';
import { gt06ServerCommand, type TransferDeviceStatus } from '../../../src/domain/ip-transfer';
import type { EventBus } from '../../bus/types';
import type { CommandRequest } from '../../gateway/runtime/command-channel';
import { encodeJt808ServerParams, JT808_SET_PARAMS } from '../../gateway/jt808/params';
import { sendToTerminal } from '../command/terminal-send';

/** How long one terminal's answer is awaited; a terminal that moves without answering stays "sent". */
export const TRANSFER_COMMAND_TIMEOUT_MS = 15_000;

/**
 * The server-address command of a protocol family: GT06 the Concox text command, JT/T 808 the
 * binary 0x8103 setting parameters 0x0013 (address) and 0x0018 (TCP port). A terminal of an
 * unknown family gets the text command (what most of the platform's terminals take).
 */
export function serverAddressRequest(
  family: 'gt06' | 'jt808' | null,
  host: string,
  port: number,
): CommandRequest {
  if (family === 'jt808')
    return {
      content: `0x8103 0x0013=${host} 0x0018=${port}`,
      message: { id: JT808_SET_PARAMS, body: encodeJt808ServerParams(host, port).toString('hex') },
    };
  return { content: gt06ServerCommand(host, port) };
}

export interface SendResult {
  status: TransferDeviceStatus;
  /** The terminal's answer, or why it could not be sent. */
  result: string | null;
  sentAt: Date;
}

/** Sends one terminal the new address through the node holding it; offline when none does. */
export async function sendServerAddress(
  bus: EventBus,
  terminal: { terminalId: string; family: 'gt06' | 'jt808' | null },
  host: string,
  port: number,
  timeoutMs = TRANSFER_COMMAND_TIMEOUT_MS,
): Promise<SendResult> {
  const sentAt = new Date();
  try {
    const outcome = await sendToTerminal(
      bus,
      terminal.terminalId,
      serverAddressRequest(terminal.family, host, port),
      timeoutMs,
    );
    if (!outcome) return { status: 'offline', result: null, sentAt };
    const status: TransferDeviceStatus =
      outcome.reply == null ? 'sent' : outcome.result === COMMAND_RESULT.error ? 'failed' : 'acked';
    return { status, result: outcome.reply?.slice(0, 500) ?? null, sentAt };
  } catch (e) {
    return { status: 'failed', result: (e as Error).message.slice(0, 500), sentAt };
  }
}
