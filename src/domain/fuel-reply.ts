/**
 * What a tracker's answer to a fuel cut (`Relay,1#`, `DYD,…#`) or restore (`Relay,0#`, `HFYD,…#`)
 * command means, so the UI can show it in the user's language (spec section 8) instead of the
 * firmware's English. The wordings come from Concox GT06-family firmware and manuals; they vary
 * in spacing, case, punctuation and "fuel"/"power"/"oil", and the 0x21 reply may be Chinese
 * (UTF-16), so the patterns below match the meaning, not one exact string.
 */

export const FUEL_REPLY_KINDS = [
  'cutSuccess',
  'restoreSuccess',
  'cutAlready',
  'restoreAlready',
  /** The relay did not switch; the user should retry later. */
  'failed',
  /** Ignition is on: the cut waits until ACC turns off. */
  'accDelayed',
  /** No GPS fix, or faster than the 20 km/h safety limit: the cut waits. */
  'noFixOrSpeed',
] as const;

export type FuelReplyKind = (typeof FUEL_REPLY_KINDS)[number];

/** Replies that concern the fuel/power relay at all; anything else is not ours to translate. */
const FUEL_CONTEXT = /fuel|\boil\b|power supply|relay|\b(?:dyd|hfyd)\b|油|断电|电源/;

const ALREADY_CUT = /already in the state of (?:the )?(?:fuel|power|oil) supply cut ?off|已处于断油?电状态/;
const ALREADY_RESTORED =
  /already in the state of (?:the )?(?:fuel|power|oil) supply to resume|已处于恢复(?:油电|电源)状态/;

// An ignition-on delay reads "ACC ON … after/when ACC OFF". A bare "ACC:ON" is a status field
// (STATUS# reply) and "acc on:3" a timer setting, so a word saying the command waits, and some
// mention of the cut or the command, are required too.
const ACC_ON = /\bacc\b\s*(?:is\s*)?[:=]?\s*(?:on|open)\b|acc\s*开/;
const ACC_OFF_WAIT =
  /(?:after|when|until|once)\s+(?:the\s+)?acc\s*(?:is\s*|turns?\s*)?off|熄火后|acc\s*关(?:闭)?后/;
const WAITS = /delay|after|when|until|wait|postpone|later|pending|延/;
const ABOUT_COMMAND = /execut|command|cut|指令|执行/;

// The cut is held back while GPS has no fix or the vehicle is above the safety speed.
const NO_FIX = /gps not (?:fixed|located|location|positioned)|unvalued fix|no (?:gps )?fix|未定位/;
const TOO_FAST =
  /speed\s*(?:exceeds?|limit|too high|over|above|higher)|less than \d+\s*km\s*\/?\s*h|速度超限/;
const DELAYED = /delay|延后执行/;
// Coban-style trackers answer "it will be executed after speed less than 20KM/H", naming no fuel.
const EXECUTED_BELOW_SPEED = /execut\w* after (?:the )?speed (?:is )?(?:less|lower) than \d+\s*km\s*\/?\s*h/;

const FAILED = /\bfail(?:ed|ure)?\b|失败/;

// A restore sent while a cut is still waiting cancels the cut: the fuel supply stays on.
const CUT_CANCELLED =
  /cancell?ed the command of cutting-? ?off (?:the )?(?:fuel|power|oil) supply|断油?电指令已取消/;

const CUT_SUCCESS =
  /cut ?off the (?:fuel|power|oil) supply\s*:?\s*success|\bdyd\s*=\s*success|(?:切断油电|断油断电|断油电|断电)成功/;
const RESTORE_SUCCESS =
  /restore (?:the )?(?:fuel|power|oil) supply\s*:?\s*success|\bhfyd\s*=\s*success|恢复(?:油电|电源)成功/;

/** The kind of a fuel cut/restore reply, or null when the text is not one. */
export function fuelReplyKind(reply: string | null | undefined): FuelReplyKind | null {
  if (!reply) return null;
  const text = reply.toLowerCase().replace(/\s+/g, ' ').trim();

  // "Already" first: those replies also contain "cut off"/"resume" and must not read as success.
  if (ALREADY_CUT.test(text)) return 'cutAlready';
  if (ALREADY_RESTORED.test(text)) return 'restoreAlready';

  const fuel = FUEL_CONTEXT.test(text);
  const accWait = (ACC_ON.test(text) && WAITS.test(text)) || ACC_OFF_WAIT.test(text);
  if (accWait && (fuel || ABOUT_COMMAND.test(text))) return 'accDelayed';

  if (EXECUTED_BELOW_SPEED.test(text)) return 'noFixOrSpeed';
  // Past here a reply must be about the relay: "speed over 120km/h" alone is an overspeed
  // setting and "no fix" alone a WHERE# answer.
  if (!fuel) return null;
  if (NO_FIX.test(text) || TOO_FAST.test(text)) return 'noFixOrSpeed';

  if (FAILED.test(text)) return 'failed';
  if (CUT_CANCELLED.test(text)) return 'restoreSuccess';
  if (RESTORE_SUCCESS.test(text)) return 'restoreSuccess';
  if (CUT_SUCCESS.test(text)) return 'cutSuccess';
  // The firmware only holds a cut back for a missing fix or too much speed.
  if (DELAYED.test(text)) return 'noFixOrSpeed';
  return null;
}
