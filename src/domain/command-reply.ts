import safeRegex from 'safe-regex2';
import { COMMAND_RESULT } from './codes';

/**
 * How a command's reply is judged (issue 32). A tracker answers a query with the data it was
 * asked for ("Lat:N39.88,Lon:E116.49,…" to WHERE#), not with the spec's success words, so each
 * command of a set may say what its answer looks like. A command that declares nothing is
 * judged by the spec's word rule (section 4).
 */
export interface ReplyRule {
  /** Regular expression (case-insensitive) found in a reply that means the command was carried out. */
  success?: string;
  /** Regular expression found in a reply that means the tracker refused or failed; checked first. */
  error?: string;
  /** Any answer at all means success (the tracker answers only once it acted). */
  any?: boolean;
}

/** Reply words that mean success (spec section 4): the rule of a command that declares none. */
export const SUCCESS_WORDS = ['OK', 'ok', 'Success', 'successfully', 'Already', 'success'] as const;

/** Characters of one reply pattern. */
export const REPLY_PATTERN_MAX = 200;

/**
 * What a tracker family's protocol says an answer means, where it says so: the command was
 * carried out (`success`) or refused (`error`). Several families answer without the spec's words
 * (H02 `S20,DONE`, TK103 `BV01 1`, Teltonika `DOUT1:ON`), so their decoders state it.
 */
export type ReplyOutcome = 'success' | 'error';

export type CommandResult = (typeof COMMAND_RESULT)[keyof typeof COMMAND_RESULT];

/** Command result from a device's reply text by the spec's word rule: success, timeout or error. */
export function classifyCommandReply(text: string | null | undefined): CommandResult {
  if (!text) return COMMAND_RESULT.timeout;
  if (SUCCESS_WORDS.some((w) => text.includes(w))) return COMMAND_RESULT.success;
  if (text.includes('timeout')) return COMMAND_RESULT.timeout;
  return COMMAND_RESULT.error;
}

const compiled = new Map<string, RegExp | null>();

/** The pattern as a case-insensitive expression; null when it does not compile. */
function patternOf(source: string): RegExp | null {
  let re = compiled.get(source);
  if (re === undefined) {
    try {
      re = new RegExp(source, 'i');
    } catch {
      re = null;
    }
    if (compiled.size > 1000) compiled.clear();
    compiled.set(source, re);
  }
  return re;
}

const finds = (source: string | undefined, text: string) => Boolean(source && patternOf(source)?.test(text));

/**
 * The result of a command from its reply: the command's own error, then success pattern; then
 * what the family's protocol says the answer means; then "any reply"; then the spec's word rule.
 * No reply is a timeout whatever the rule.
 */
export function judgeReply(
  rule: ReplyRule | undefined,
  text: string | null | undefined,
  outcome?: ReplyOutcome,
): CommandResult {
  if (!text) return COMMAND_RESULT.timeout;
  if (finds(rule?.error, text)) return COMMAND_RESULT.error;
  if (finds(rule?.success, text)) return COMMAND_RESULT.success;
  if (outcome) return COMMAND_RESULT[outcome];
  if (rule?.any) return COMMAND_RESULT.success;
  return classifyCommandReply(text);
}

/** Why a reply rule cannot be stored (a pattern that does not compile or is too long), or none. */
export function replyRuleProblems(rule: ReplyRule | undefined, where: string): string[] {
  const problems: string[] = [];
  for (const side of ['success', 'error'] as const) {
    const source = rule?.[side];
    if (source === undefined || source === '') continue;
    if (source.length > REPLY_PATTERN_MAX)
      problems.push(`${where}: the ${side} pattern is longer than ${REPLY_PATTERN_MAX} characters`);
    else if (!patternOf(source)) problems.push(`${where}: the ${side} pattern is not a valid regular expression`);
    // A tracker writes the text it is matched against: no pattern that can backtrack for ever.
    else if (!safeRegex(source))
      problems.push(`${where}: the ${side} pattern could take too long (nested repetition)`);
  }
  return problems;
}
