import type { FieldPath, JsonSchema } from './operations';

/**
 * Hostile values for one field. `raw` is JSON text put in place of the field as it is (numbers
 * JSON.stringify cannot write, nesting no object can be built deep enough to hold); `drop`
 * leaves the field out.
 */
export interface Variant {
  label: string;
  value?: unknown;
  raw?: string;
  drop?: true;
}

/** Values of the other reseller's tree, which no caller of this test may reach. */
export interface OtherTree {
  userIds: number[];
  usernames: string[];
  terminalIds: string[];
}

const DIGITS_10K = '9'.repeat(10_000);

/** Variants for a field of `schema`, plausible item `item` for arrays. */
export function variantsFor(schema: JsonSchema, item: unknown, other: OtherTree): Variant[] {
  const v: Variant[] = [
    { label: 'missing', drop: true },
    { label: 'null', value: null },
    { label: 'string', value: 'abc' },
    { label: 'fraction', value: 1.5 },
    { label: 'boolean', value: true },
    { label: 'object', value: { a: 1 } },
    { label: 'empty array', value: [] },
    { label: 'zero', value: 0 },
    { label: '-1', value: -1 },
    { label: '2^31', value: 2 ** 31 },
    { label: '2^63', raw: '9223372036854775808' },
    { label: '1e308', raw: '1e308' },
    { label: 'overflowing exponent', raw: '1e999999' },
    { label: '10,000 digits', raw: DIGITS_10K },
    { label: '-10,000 digits', raw: `-${DIGITS_10K}` },
    { label: 'empty string', value: '' },
    { label: '100 KB string', value: 'x'.repeat(100_000) },
    { label: 'NUL inside', value: 'ab\u0000cd' },
    { label: 'NUL alone', value: '\u0000' },
    { label: 'lone surrogate', value: '\ud800' },
    { label: 'digits as text', value: DIGITS_10K },
    { label: 'quote and wildcard', value: '\'%_\\" OR 1=1 --' },
    { label: 'impossible date', value: '2026-13-45T25:61:00Z' },
    { label: 'deep array', raw: '['.repeat(10_000) + ']'.repeat(10_000) },
    { label: 'deep object', raw: '{"a":'.repeat(5_000) + '1' + '}'.repeat(5_000) },
    { label: 'array of nulls', value: [null, null] },
    { label: 'array of huge numbers', raw: `[${DIGITS_10K},-${DIGITS_10K}]` },
    { label: 'array with NUL', value: ['\u0000', 'a\u0000'] },
  ];
  const many = JSON.stringify(item ?? 'x');
  v.push({ label: '100,000 items', raw: `[${Array.from({ length: 100_000 }, () => many).join(',')}]` });
  v.push(...otherTreeVariants(schema, other));
  return v;
}

/** Another reseller's ids, names and devices, shaped like the field. */
function otherTreeVariants(schema: JsonSchema, other: OtherTree): Variant[] {
  const out: Variant[] = [];
  for (const id of other.userIds) out.push({ label: `other tree id ${id}`, value: id });
  out.push({ label: 'other tree id as text', value: String(other.userIds[0]) });
  for (const u of other.usernames) out.push({ label: `other tree user ${u}`, value: u });
  out.push({ label: 'other tree device', value: other.terminalIds[0] });
  out.push({ label: 'other tree devices', value: other.terminalIds });
  out.push({ label: 'other tree device list', value: other.terminalIds.join('\n') });
  if (schema.type === 'array') out.push({ label: 'other tree ids', value: other.userIds });
  return out;
}

/** Text variants for a query or path parameter. */
export function textVariants(other: OtherTree): Variant[] {
  return [
    { label: 'empty', value: '' },
    { label: '-1', value: '-1' },
    { label: '2^63', value: '9223372036854775808' },
    { label: '10,000 digits', value: DIGITS_10K },
    { label: 'NUL', value: 'a\u0000b' },
    { label: 'text', value: 'abc' },
    { label: 'list of huge', value: `1,${DIGITS_10K}` },
    { label: 'other tree id', value: String(other.userIds[0]) },
    { label: 'other tree ids', value: other.userIds.join(',') },
  ];
}

const MARK = '__hostile_raw_value__';

/** The body's JSON text with the variant at `path`. */
export function bodyWith(base: unknown, path: FieldPath, variant: Variant): string {
  const copy = structuredClone(base) as Record<string | number, unknown>;
  let parent: Record<string | number, unknown> = copy;
  for (const k of path.slice(0, -1)) {
    const next = parent[k];
    if (next == null || typeof next !== 'object') return JSON.stringify(copy);
    parent = next as Record<string | number, unknown>;
  }
  const last = path[path.length - 1];
  if (variant.drop) delete parent[last];
  else parent[last] = variant.raw != null ? MARK : variant.value;
  const text = JSON.stringify(copy);
  return variant.raw != null ? text.replace(JSON.stringify(MARK), variant.raw) : text;
}

/** Whole bodies that are not a well-formed object. */
export const BODY_VARIANTS: { label: string; raw: string }[] = [
  { label: 'empty body', raw: '' },
  { label: 'cut JSON', raw: '{"a":' },
  { label: 'null body', raw: 'null' },
  { label: 'array body', raw: '[]' },
  { label: 'string body', raw: '"x"' },
  { label: 'number body', raw: DIGITS_10K },
  { label: 'deep body', raw: '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000) },
  { label: 'prototype keys', raw: '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}' },
];
