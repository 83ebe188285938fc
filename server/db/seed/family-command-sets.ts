import type { CommandDef } from '../../../src/domain/command-set';
import { locate, param, rawText, reboot, relayOff, relayOn, REPLY, status, uploadInterval } from './command-sets';

/**
 * Command sets of the families that do not speak the Concox text commands (issue 32). Each keeps
 * the keys (and so the names shown) of the common commands, with the family's own words and the
 * way its answers read. TK103 and H02 take the platform's words, which their gateways translate
 * (docs/protocols.md: `WHERE#` → `AP00`, `Relay,1#` → `AV010` / `S20`, `TIMER,n#` → `AR00` / `S71`).
 */

/**
 * TK103 answers with the code's B-counterpart (`BV01 0`, a BP04 position); an error word refuses.
 * The report interval (AR00) is left out: the tracker answers it only by reporting at the new
 * pace (BR00, read as positions), so no answer could tell the console it was taken.
 */
const TK103_ANSWER = { any: true, error: 'error|fail' };
export const TK103_COMMANDS: CommandDef[] = [
  { ...locate, reply: TK103_ANSWER },
  { ...relayOff, reply: TK103_ANSWER },
  { ...relayOn, reply: TK103_ANSWER },
  { ...reboot, reply: TK103_ANSWER },
  rawText,
];

/** H02 confirms with a V4 naming the command (`S20,DONE`); `ERROR` refuses. */
const H02_CONFIRM = { any: true, error: '\\bERROR\\b' };
export const H02_COMMANDS: CommandDef[] = [
  { ...relayOff, reply: H02_CONFIRM },
  { ...relayOn, reply: H02_CONFIRM },
  { ...uploadInterval, reply: H02_CONFIRM },
  rawText,
];

/**
 * Meitrack answers with the command's name (`C01,OK`), or a position report for A10 and the
 * output commands; C01's five digits set outputs A–E (1 on, 0 off, 2 unchanged).
 */
const MEITRACK_ANSWER = { any: true, error: '\\b(?:error|fail|NA)\\b' };
export const MEITRACK_COMMANDS: CommandDef[] = [
  { ...locate, content: 'A10', reply: MEITRACK_ANSWER },
  { ...relayOff, content: 'C01,0,12222', reply: MEITRACK_ANSWER },
  { ...relayOn, content: 'C01,0,02222', reply: MEITRACK_ANSWER },
  rawText,
];

/**
 * Teltonika FMB commands over GPRS (Codec 12). `getgps` without a fix answers `GPS:0`; the
 * output commands answer `DOUT1:ON…`, a refusal names the problem (server/gateway/teltonika/answers.ts).
 */
export const TELTONIKA_COMMANDS: CommandDef[] = [
  { ...locate, content: 'getgps', reply: { success: 'Lat:\\s*-?\\d', error: 'GPS:0\\b' } },
  {
    ...relayOff,
    content: 'setdigout 1',
    reply: { success: '^DOUT\\d:(?:ON|1)\\b', error: 'error|invalid|already set|disabled|bad syntax' },
  },
  {
    ...relayOn,
    content: 'setdigout 0',
    reply: { success: '^DOUT\\d:(?:OFF|0)\\b', error: 'error|invalid|already set|disabled|bad syntax' },
  },
  { ...status, content: 'getstatus', reply: { success: 'Data Link:|GPRS:', error: REPLY.status.error } },
  { ...param, content: 'getinfo', reply: { success: '^(?:RTC|INI):', error: REPLY.params.error } },
  rawText,
];
