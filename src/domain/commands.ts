import { COMMAND_RESULT, OFFLINE_COMMAND_PROTOCOLS } from './codes';

/** Reply words that mean success (spec section 4). */
const SUCCESS_WORDS = ['OK', 'ok', 'Success', 'successfully', 'Already', 'success'];

type CommandResult = (typeof COMMAND_RESULT)[keyof typeof COMMAND_RESULT];

/** Command result from a device's reply text: success, timeout or error (spec section 4). */
export function classifyCommandReply(text: string | null | undefined): CommandResult {
  if (!text) return COMMAND_RESULT.timeout;
  if (SUCCESS_WORDS.some((w) => text.includes(w))) return COMMAND_RESULT.success;
  if (text.includes('timeout')) return COMMAND_RESULT.timeout;
  return COMMAND_RESULT.error;
}

/**
 * What a tracker family's protocol says an answer means, where it says so: the command was
 * carried out (`success`) or refused (`error`). Several families answer without the spec's words
 * (H02 `S20,DONE`, TK103 `BV01 1`, Teltonika `DOUT1:ON`), so their decoders state it.
 */
export type ReplyOutcome = 'success' | 'error';

/**
 * The result of a command from its reply: the protocol's own meaning when the decoder knew it,
 * else the spec's text rule. No reply is a timeout either way.
 */
export function commandResultOf(text: string | null | undefined, outcome?: ReplyOutcome): CommandResult {
  if (!text || !outcome) return classifyCommandReply(text);
  return COMMAND_RESULT[outcome];
}

export const supportsOfflineCommands = (protocol: number) => OFFLINE_COMMAND_PROTOCOLS.includes(protocol);

/** The normal-mode command an online device must not be sent (spec section 4). */
export const NORMAL_MODE_COMMAND = 'SWMODE,0#';
