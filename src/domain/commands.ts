import { COMMAND_RESULT, OFFLINE_COMMAND_PROTOCOLS } from './codes';

/** Reply words that mean success (spec section 4). */
const SUCCESS_WORDS = ['OK', 'ok', 'Success', 'successfully', 'Already', 'success'];

/** Command result from a device's reply text: success, timeout or error (spec section 4). */
export function classifyCommandReply(
  text: string | null | undefined,
): (typeof COMMAND_RESULT)[keyof typeof COMMAND_RESULT] {
  if (!text) return COMMAND_RESULT.timeout;
  if (SUCCESS_WORDS.some((w) => text.includes(w))) return COMMAND_RESULT.success;
  if (text.includes('timeout')) return COMMAND_RESULT.timeout;
  return COMMAND_RESULT.error;
}

export const supportsOfflineCommands = (protocol: number) => OFFLINE_COMMAND_PROTOCOLS.includes(protocol);

/** The normal-mode command an online device must not be sent (spec section 4). */
export const NORMAL_MODE_COMMAND = 'SWMODE,0#';
