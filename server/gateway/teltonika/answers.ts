/**
 * What a Teltonika answer (Codec 12/13 type 0x06) means. Answers never carry the spec's success
 * words and never name the command; the shapes below are the ones Teltonika documents (the
 * wiki's setdigout / setigndigout pages list each response with its outcome, the FM and FMB
 * manuals give the answer of every read command). Any other text is left to the spec's rule.
 */
import type { ReplyOutcome } from '../../../src/domain/command-reply';

/** Refusals the wiki lists as "Fail" for the output commands. */
const REFUSED = [
  /^Arguments required/i,
  /^Bad syntax/i,
  /\bDOUT\d* params are invalid/i,
  /\bDOUT\d+ ERROR\b/i,
  /\bstate already set to\b/i,
  /\bis disabled from CFG\b/i,
];

/**
 * Answers that mean the command was carried out: setdigout / setigndigout (`DOUT1:ON
 * Timeout:INFINITY`, queued ones too, older firmware `DOUT1:1`, FM6 `DOUTS are set to:`) and the
 * data of read commands: getinfo (`INI:` FM, `RTC:` FMB), getver (`Ver:`, FM `Code Ver:`), getio
 * (`DI1:`), readio (`IO ID:3 Value:0`).
 */
const CARRIED_OUT = [
  /^DOUT\d:(?:ON|OFF|IGNORED|[01])\b/i,
  /^DOUTS are set to:/i,
  /^(?:INI|RTC):\d{4}\//,
  /^(?:Code )?Ver:/,
  /^DI\d:\d/,
  /^IO ID:\d+ Value:/,
];

export function teltonikaOutcome(text: string): ReplyOutcome | undefined {
  if (REFUSED.some((re) => re.test(text))) return 'error';
  if (CARRIED_OUT.some((re) => re.test(text))) return 'success';
  return undefined;
}
