import { MAX_DEPTH, mergeAllOf, resolve, unwrap } from './schema';
import type { JsonSchema, OpenApiDoc } from './types';

/** Fixed, so a prefilled body is the same on every visit. */
const SAMPLE_DATE = '2025-01-01';

function sampleString(s: JsonSchema): string {
  if (s.format === 'date') return SAMPLE_DATE;
  if (s.format === 'date-time') return `${SAMPLE_DATE}T00:00:00.000Z`;
  if (s.format === 'time') return '00:00:00';
  if (s.format === 'email') return 'name@example.com';
  if (s.format === 'uri') return 'https://example.com/';
  const min = s.minLength ?? 0;
  const max = s.maxLength ?? Infinity;
  // Digits fit the usual id-like patterns of the API (terminal numbers, id lists).
  const base = /^\^?(\\d|\[[01]-9)/.test(s.pattern ?? '') ? '1' : 'string';
  return base.padEnd(Math.min(Math.max(min, base.length), max), base === '1' ? '0' : 'x').slice(0, max);
}

function sampleNumber(s: JsonSchema): number {
  const integer = s.type === 'integer';
  let lo = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + (integer ? 1 : 0.1) : 0);
  const hi =
    s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - (integer ? 1 : 0.1) : Infinity);
  if (lo > hi) lo = hi;
  return Math.min(Math.max(lo, s.type === 'integer' ? Math.ceil(lo) : lo), hi);
}

/**
 * A value that fits the schema, to prefill the try-it body: the schema's own example, default
 * or first allowed value where it has one, else a sample of its type; objects with all their
 * fields, arrays with one item, nullable fields with their non-null type.
 */
export function exampleOf(input: JsonSchema | null | undefined, doc?: OpenApiDoc, depth = 0): unknown {
  if (!input) return undefined;
  const raw = resolve(input, doc);
  if (raw.example !== undefined) return raw.example;
  if (raw.examples?.length) return raw.examples[0];
  if (raw.default !== undefined) return raw.default;
  const { schema, enumValues } = unwrap(raw, doc);
  if (enumValues?.length) return enumValues[0];
  const s = mergeAllOf(schema, doc);
  if (s.example !== undefined) return s.example;
  if (s.default !== undefined) return s.default;
  if (s.anyOf ?? s.oneOf) return exampleOf((s.anyOf ?? s.oneOf)![0], doc, depth + 1);
  const type = Array.isArray(s.type)
    ? s.type[0]
    : (s.type ?? (s.properties ? 'object' : s.items ? 'array' : undefined));
  if (depth >= MAX_DEPTH) return type === 'array' ? [] : type === 'object' ? {} : null;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(s.properties ?? {})) out[k] = exampleOf(v, doc, depth + 1);
      return out;
    }
    case 'array':
      return s.items ? [exampleOf(s.items, doc, depth + 1)] : [];
    case 'boolean':
      return false;
    case 'integer':
    case 'number':
      return sampleNumber(s);
    case 'string':
      return sampleString(s);
    case 'null':
      return null;
    default:
      return null;
  }
}
