/**
 * Pure derivations from a resource descriptor: labels, columns, form rules, request bodies and
 * report rows. No React here, so the unit tests run them in node.
 */
import { commandBody } from '../../domain/command-set';
import type { MessageKey } from '../../domain/messages';
import { parseLines } from '../../domain/validators';
import type { EntityDescriptor, EntityField, FieldOption } from '../../resources/types';
import { isDayRange, rangeProblem } from './ranges';

export { actionBody, actionPath, fileRequest, ownersToExclude } from './actions';

export type Translate = (key: string, options?: Record<string, unknown>) => string;

export function fieldOf(entity: EntityDescriptor, name: string): EntityField {
  const field = entity.fields[name];
  if (!field) throw new Error(`descriptor ${entity.namespace} has no field ${name}`);
  return field;
}

/** i18n key (with namespace) of a field's label. */
export const labelKeyOf = (entity: EntityDescriptor, name: string) =>
  `${entity.namespace}:${fieldOf(entity, name).labelKey ?? `fields.${name}`}`;

/** Text of an enum option: a literal label, or its key in the descriptor's namespace. */
export function optionText(entity: EntityDescriptor, option: FieldOption, t: Translate): string {
  if (option.label !== undefined) return option.label;
  if (!option.labelKey) return String(option.value);
  return t(option.labelKey.includes(':') ? option.labelKey : `${entity.namespace}:${option.labelKey}`);
}

export interface ColumnSpec {
  name: string;
  field: EntityField;
  titleKey: string;
  width?: number;
  /** Enum values by code, for the label and colour of a cell. */
  options?: Map<FieldOption['value'], FieldOption>;
}

/** A list's columns: field, title key, width, and the enum lookup for select fields. */
export function columnSpecs(entity: EntityDescriptor, names: readonly string[]): ColumnSpec[] {
  return names.map((name) => {
    const field = fieldOf(entity, name);
    return {
      name,
      field,
      titleKey: labelKeyOf(entity, name),
      width: field.width,
      options: field.options ? new Map(field.options.map((o) => [o.value, o])) : undefined,
    };
  });
}

/** antd's rule shape, kept structural so this file needs no antd import. */
export interface FieldRule {
  required?: boolean;
  message?: string;
  max?: number;
  min?: number;
  type?: 'number';
  whitespace?: boolean;
  validator?: (rule: unknown, value: unknown) => Promise<void>;
}

/**
 * Form rules of a field: required, length and range (their texts come from antd's locale, which
 * names the field by its label), and the shared validator of src/domain (the one the server
 * runs), whose message key is shown from the errors namespace.
 */
export function fieldRules(entity: EntityDescriptor, name: string, t: Translate): FieldRule[] {
  const field = fieldOf(entity, name);
  const rules: FieldRule[] = [];
  // Only text is checked for blanks: any key beside `required` makes the validator type-check
  // the value as a string, which a select's number would fail.
  if (field.required)
    rules.push(
      ['text', 'textarea', 'lines', 'password'].includes(field.type)
        ? { required: true, whitespace: true }
        : { required: true },
    );
  if (field.maxLength && ['text', 'textarea', 'password'].includes(field.type))
    rules.push({ max: field.maxLength });
  if (field.type === 'password' && field.min)
    rules.push({ min: field.min, message: t('errors:passwordTooShort') });
  if (field.type === 'number' && (field.min !== undefined || field.max !== undefined))
    rules.push({ type: 'number', min: field.min, max: field.max });
  if (field.type === 'dateRange')
    rules.push({
      validator: async (_rule, value) => {
        const key = isDayRange(value) ? rangeProblem(value, field.max) : null;
        if (key) throw new Error(t(`errors:${key}`));
      },
    });
  if (field.type === 'json')
    rules.push({
      validator: async (_rule, value) => {
        if (typeof value !== 'string' || !value.trim()) return;
        try {
          JSON.parse(value);
        } catch (e) {
          throw new Error(t('errors:jsonInvalid', { detail: (e as Error).message }));
        }
      },
    });
  // A file larger than `max` bytes: the message is `fileTooLarge` of the descriptor's namespace.
  const maxBytes = field.max;
  if (field.type === 'file' && maxBytes)
    rules.push({
      validator: async (_rule, value) => {
        if (value instanceof Blob && value.size > maxBytes)
          throw new Error(t(`${entity.namespace}:fileTooLarge`, { mb: Math.floor(maxBytes / 2 ** 20) }));
      },
    });
  const pattern = field.pattern;
  if (pattern)
    rules.push({
      validator: async (_rule, value) => {
        if (value === undefined || value === null || value === '') return;
        if (!pattern.regex.test(String(value).trim()))
          throw new Error(t(`${entity.namespace}:${pattern.messageKey}`));
      },
    });
  const validate = field.validate;
  if (validate)
    rules.push({
      validator: async (_rule, value) => {
        if (value === undefined || value === null || value === '') return;
        const key: MessageKey | null = validate(String(value));
        if (key) throw new Error(t(`errors:${key}`));
      },
    });
  return rules;
}

/** Initial form values declared by the fields. */
export function initialValues(
  entity: EntityDescriptor,
  names: readonly string[],
  row?: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of names) {
    const field = fieldOf(entity, name);
    // A row's value, computed or its own; a value the row lacks falls back to the field's default.
    const own = row ? (field.value ? field.value(row) : row[name]) : undefined;
    const v = own ?? field.initialValue;
    if (v === undefined) continue;
    if (field.type === 'json') out[name] = typeof v === 'string' ? v : JSON.stringify(v, null, 2);
    else out[name] = typeof v === 'function' ? (v as () => unknown)() : v;
  }
  return out;
}

/** Filter values a link carries in its query string: text and numbers only. */
export function filtersFromQuery(
  entity: EntityDescriptor,
  names: readonly string[],
  query: URLSearchParams,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of names) {
    const v = query.get(name);
    if (v === null || v === '') continue;
    const type = fieldOf(entity, name).type;
    if (type === 'number') {
      if (Number.isFinite(Number(v))) out[name] = Number(v);
    } else if (type === 'text' || type === 'select') out[name] = v;
    // Devices as a comma list (a link to one vehicle's alarms: ?terminalIDs=…).
    else if (type === 'devices') out[name] = v.split(',').map((s) => s.trim()).filter(Boolean);
  }
  return out;
}

const isDateLike = (v: unknown): v is { toISOString(): string } =>
  typeof v === 'object' && v !== null && typeof (v as { toISOString?: unknown }).toISOString === 'function';

/**
 * Form values → request body: each field under its request name, dates as ISO strings, text
 * trimmed, empty values left out (the server then applies its default).
 */
export function requestBody(
  entity: EntityDescriptor,
  names: readonly string[],
  values: Record<string, unknown>,
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const name of names) {
    const field = fieldOf(entity, name);
    let v = values[name];
    if (v === undefined || v === null) continue;
    if (field.type === 'dateRange') {
      if (isDayRange(v)) [body.startDate, body.endDate] = v;
      continue;
    }
    if (field.type === 'command') {
      Object.assign(body, commandBody(v as Parameters<typeof commandBody>[0]));
      continue;
    }
    if (field.type === 'json' && typeof v === 'string') {
      body[field.param ?? name] = JSON.parse(v);
      continue;
    }
    if (typeof v === 'string') {
      v = field.type === 'lines' || field.type === 'textarea' ? v : v.trim();
      if (v === '') continue;
    }
    if (Array.isArray(v) && v.length === 0) continue;
    if (isDateLike(v)) v = v.toISOString();
    setPath(body, field.param ?? name, v);
  }
  return body;
}

/** Sets `a.b` as body.a.b: provider settings go as one object of keys (`account.clientId`). */
function setPath(body: Record<string, unknown>, path: string, value: unknown) {
  const [head, ...rest] = path.split('.');
  if (rest.length === 0) body[head] = value;
  else {
    const inner = (body[head] ??= {}) as Record<string, unknown>;
    setPath(inner, rest.join('.'), value);
  }
}

/**
 * Pasted rows: one per line, cells separated by tabs, commas or semicolons (a spreadsheet paste
 * or a csv line); a line without any of them is split on spaces.
 */
export function parseRowLines(text: string, columns: readonly string[]): Record<string, string>[] {
  return parseLines(text).map((line) => {
    const cells = /[\t,;，]/.test(line) ? line.split(/[\t,;，]/) : line.split(/\s+/);
    return rowOf(cells, columns);
  });
}

function rowOf(cells: readonly unknown[], columns: readonly string[]): Record<string, string> {
  const row: Record<string, string> = {};
  columns.forEach((c, i) => {
    const v = String(cells[i] ?? '').trim();
    if (v !== '') row[c] = v;
  });
  return row;
}

/** A first row that names columns instead of holding an IMEI is a header: skipped. */
const looksLikeHeader = (first: readonly unknown[]) =>
  !/^[0-9A-Za-z]{6,20}$/.test(String(first[0] ?? '').trim());

/** Cells of a spreadsheet (readSheet) → rows keyed by `columns`; header and blank rows dropped. */
export function sheetRows(cells: readonly (readonly unknown[])[], columns: readonly string[]) {
  const body = cells.length > 0 && looksLikeHeader(cells[0]) ? cells.slice(1) : cells;
  return body.map((c) => rowOf(c, columns)).filter((r) => Object.keys(r).length > 0);
}

/** Rows back to pasteable lines (what a file import puts into the text box, for review). */
export const rowsToLines = (rows: readonly Record<string, string>[], columns: readonly string[]) =>
  rows.map((r) => columns.map((c) => r[c] ?? '').join(columns.length > 1 ? ',' : '')).join('\n');

/** One line of an import report, whichever import answered it. */
export interface ReportLine {
  line: number;
  terminalID: string;
  ok: boolean;
  key?: string;
  [extra: string]: unknown;
}

/**
 * The per-line report of an import answer: `{results: [...]}` with `line` or `row`, `imei` or
 * `terminalID`, `ok` and the message `key` of a refused line.
 */
export function reportLines(answer: unknown): ReportLine[] {
  const results = Array.isArray(answer)
    ? answer
    : ((answer as { results?: unknown[] } | null)?.results ?? []);
  return results.map((r, i) => {
    const o = r as Record<string, unknown>;
    return {
      ...o,
      line: Number(o.line ?? o.row ?? i + 1),
      terminalID: String(o.terminalID ?? o.imei ?? ''),
      ok: Boolean(o.ok),
      key: typeof o.key === 'string' ? o.key : undefined,
    };
  });
}

/** Counts of a report or a batch result, for the summary line. */
export function summaryOf(lines: readonly ReportLine[]) {
  const ok = lines.filter((l) => l.ok).length;
  return { total: lines.length, ok, failed: lines.length - ok };
}
