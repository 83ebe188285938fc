import type { MessageKey } from './messages';
import { replyRuleProblems, type ReplyRule } from './command-reply';

/**
 * Command sets of device types as data (issue 13): each command is a text template whose
 * `{name}` placeholders are typed, ranged parameters. The console's form is generated from it,
 * and the server renders and checks the same definition, so a value out of range is refused
 * wherever it comes from.
 */

export type CommandParamType = 'number' | 'text' | 'select' | 'phone';

export interface CommandParamDef {
  name: string;
  /** i18n key (namespace command) of the field label. */
  labelKey: string;
  type: CommandParamType;
  /** number: whole numbers in [min, max]. */
  min?: number;
  max?: number;
  /** text: at most this many characters (default PARAM_TEXT_MAX). */
  maxLength?: number;
  /** i18n key (namespace command) of the unit shown after the input (seconds, km/h). */
  unitKey?: string;
  /** May be left empty (an SOS number slot). */
  optional?: boolean;
  default?: string | number;
  options?: { value: string; labelKey: string }[];
}

/** How a device type's text commands travel: GT06 0x80 server command, JT/T 808 0x8300 text. */
export const COMMAND_FRAMINGS = ['gt06Text', 'jt808Text'] as const;
export type CommandFraming = (typeof COMMAND_FRAMINGS)[number];

export interface CommandDef {
  /** Stable identifier, e.g. "relayOff". */
  key: string;
  /** i18n key (namespace command) of its name. */
  labelKey: string;
  /** Text template sent to the device, e.g. "Relay,1#" or "TIMER,{interval}#". */
  content: string;
  params?: CommandParamDef[];
  /** Ask for confirmation before sending (fuel cut and similar). */
  confirm?: boolean;
  /** May be queued for an offline device of an offline-capable protocol (default true). */
  offline?: boolean;
  /** Free text: only for holders of the raw-command permission. */
  raw?: boolean;
  /** How its reply is judged; absent: the spec's word rule (src/domain/command-reply.ts). */
  reply?: ReplyRule;
}

export interface DeviceTypeCommandConfig {
  framing?: CommandFraming;
  commands: CommandDef[];
}

/** Characters of one text parameter unless it says less. */
export const PARAM_TEXT_MAX = 64;
/** Parameter values may not carry the template's own separators (a value cannot add a field). */
const SEPARATORS = /[,#;\r\n]/;
const PHONE = /^\+?\d{3,20}$/;

export type ParamValues = Record<string, string | number | undefined | null>;

/** A refused parameter: the MESSAGES key and the values its text names. */
export interface ParamProblem {
  key: MessageKey;
  params: { field: string; min?: number; max?: number; limit?: number };
}

/** Checks one parameter value; null when it is acceptable. */
export function checkParam(p: CommandParamDef, raw: unknown): ParamProblem | null {
  const value = raw == null ? '' : String(raw).trim();
  const field = p.name;
  if (value === '') return p.optional ? null : { key: 'required', params: { field } };
  switch (p.type) {
    case 'number': {
      const n = Number(value);
      const min = p.min ?? 0;
      const max = p.max ?? 2_147_483_647;
      if (!/^-?\d+$/.test(value) || n < min || n > max)
        return { key: 'commandParamRange', params: { field, min, max } };
      return null;
    }
    case 'select':
      return p.options?.some((o) => o.value === value)
        ? null
        : { key: 'commandParamInvalid', params: { field } };
    case 'phone':
      return PHONE.test(value) ? null : { key: 'telephoneInvalid', params: { field } };
    case 'text': {
      const limit = p.maxLength ?? PARAM_TEXT_MAX;
      if (value.length > limit) return { key: 'fieldTooLong', params: { field, limit } };
      return SEPARATORS.test(value) ? { key: 'commandParamInvalid', params: { field } } : null;
    }
  }
}

export type RenderResult = { content: string } | { problem: ParamProblem };

/** The text a command sends with these values, or the first parameter refused. */
export function renderCommand(def: CommandDef, values: ParamValues): RenderResult {
  if (def.raw) {
    const text = String(values.text ?? '').trim();
    if (!text) return { problem: { key: 'commandEmpty', params: { field: 'text' } } };
    return { content: text };
  }
  for (const p of def.params ?? []) {
    const problem = checkParam(p, values[p.name]);
    if (problem) return { problem };
  }
  const content = def.content.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? '').trim());
  return { content };
}

function escapeRegExp(s: string) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Reads a typed text back into the set's command and values ("TIMER,30#" is the upload
 * interval with 30), case-insensitively as trackers read it. Raw commands never match.
 */
export function matchCommand(
  defs: readonly CommandDef[],
  text: string,
): { def: CommandDef; values: Record<string, string> } | null {
  const typed = text.trim();
  for (const def of defs) {
    if (def.raw) continue;
    const names: string[] = [];
    const pattern = def.content
      .split(/(\{\w+\})/)
      .map((part) => {
        const m = /^\{(\w+)\}$/.exec(part);
        if (!m) return escapeRegExp(part);
        names.push(m[1]!);
        return '([^,#;]*)';
      })
      .join('');
    const found = new RegExp(`^${pattern}$`, 'i').exec(typed);
    if (found) return { def, values: Object.fromEntries(names.map((n, i) => [n, found[i + 1]!])) };
  }
  return null;
}

/** The values a new form starts with: each parameter's default. */
export function defaultValues(def: CommandDef): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const p of def.params ?? []) if (p.default !== undefined) out[p.name] = p.default;
  return out;
}

/** Whether a device of an offline-capable protocol may have this command queued. */
export const mayQueueOffline = (def: CommandDef | null) => def?.offline !== false;

/** Problems of a whole command set as an administrator wrote it (the device type form). */
export function commandSetProblems(config: DeviceTypeCommandConfig): string[] {
  const problems: string[] = [];
  const keys = new Set<string>();
  for (const c of config.commands) {
    if (keys.has(c.key)) problems.push(`${c.key}: duplicate key`);
    keys.add(c.key);
    const placeholders = [...c.content.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
    const names = (c.params ?? []).map((p) => p.name);
    problems.push(...replyRuleProblems(c.reply, c.key));
    if (c.raw) continue;
    for (const n of placeholders) if (!names.includes(n)) problems.push(`${c.key}: {${n}} has no parameter`);
    for (const n of names)
      if (!placeholders.includes(n)) problems.push(`${c.key}: parameter ${n} is not used`);
    for (const p of c.params ?? []) {
      if (p.type === 'number' && p.min !== undefined && p.max !== undefined && p.min > p.max)
        problems.push(`${c.key}: ${p.name} min is above max`);
      if (p.type === 'select' && !p.options?.length) problems.push(`${c.key}: ${p.name} has no options`);
    }
  }
  return problems;
}

/** The request fields of a command form's value. */
export function commandBody(value: { commandKey?: string; params?: ParamValues } | null | undefined) {
  if (!value?.commandKey) return {};
  const params: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(value.params ?? {})) {
    if (v === undefined || v === null || String(v).trim() === '') continue;
    params[k] = typeof v === 'number' ? v : String(v).trim();
  }
  return { commandKey: value.commandKey, params };
}
