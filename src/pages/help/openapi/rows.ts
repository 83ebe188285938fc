import { MAX_DEPTH, mergeAllOf, typeName, unwrap } from './schema';
import type { JsonSchema, OpenApiDoc } from './types';

/** A limit of a field; the page words it in the reader's language (help.json `bounds.*`). */
export interface Bound {
  kind:
    | 'minimum'
    | 'maximum'
    | 'exclusiveMinimum'
    | 'exclusiveMaximum'
    | 'minLength'
    | 'maxLength'
    | 'minItems'
    | 'maxItems'
    | 'pattern'
    | 'format'
    | 'default';
  value: string;
}

/** One line of the schema table; nested objects and array items are its children. */
export interface SchemaRow {
  /** Path from the root, unique in a table (`data.list[].id`). */
  key: string;
  name: string;
  type: string;
  required: boolean;
  nullable: boolean;
  enumValues?: unknown[];
  bounds: Bound[];
  description?: string;
  children?: SchemaRow[];
}

/** The name of the row of an array's items. */
export const ITEMS = '[]';

const BOUND_KINDS: Bound['kind'][] = [
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'pattern',
  'format',
  'default',
];

export function boundsOf(s: JsonSchema): Bound[] {
  const out: Bound[] = [];
  for (const kind of BOUND_KINDS) {
    const v = s[kind];
    if (v !== undefined) out.push({ kind, value: typeof v === 'string' ? v : JSON.stringify(v) });
  }
  return out;
}

function rowOf(
  name: string,
  key: string,
  input: JsonSchema,
  required: boolean,
  doc: OpenApiDoc | undefined,
  depth: number,
): SchemaRow {
  const { schema: unwrapped, nullable, enumValues } = unwrap(input, doc);
  const s = mergeAllOf(unwrapped, doc);
  const children = depth < MAX_DEPTH ? childRows(s, key, doc, depth + 1) : undefined;
  let type = typeName(s, doc);
  if (type === 'array' && s.items) type = `array<${typeName(unwrap(s.items, doc).schema, doc)}>`;
  return {
    key,
    name,
    type,
    required,
    nullable,
    ...(enumValues ? { enumValues } : {}),
    bounds: boundsOf(s),
    description: s.description ?? s.title,
    ...(children?.length ? { children } : {}),
  };
}

/** Rows of an object's properties, or the single row of an array's items. */
function childRows(
  s: JsonSchema,
  key: string,
  doc: OpenApiDoc | undefined,
  depth: number,
): SchemaRow[] | undefined {
  if (s.properties) {
    const required = new Set(s.required ?? []);
    return Object.entries(s.properties).map(([name, p]) =>
      rowOf(name, key ? `${key}.${name}` : name, p, required.has(name), doc, depth),
    );
  }
  if (s.items) {
    const item = mergeAllOf(unwrap(s.items, doc).schema, doc);
    // An array of objects: its fields directly under the array, as readers expect.
    if (item.properties) return childRows(item, `${key}${ITEMS}`, doc, depth);
    return [rowOf(ITEMS, `${key}${ITEMS}`, s.items, true, doc, depth)];
  }
  return undefined;
}

/**
 * The table of a schema: an object's fields (each with its nested fields), or one row for any
 * other root (an array, a string…).
 */
export function schemaRows(schema: JsonSchema | null, doc?: OpenApiDoc): SchemaRow[] {
  if (!schema) return [];
  const s = mergeAllOf(unwrap(schema, doc).schema, doc);
  if (s.properties) return childRows(s, '', doc, 0) ?? [];
  return [rowOf('', '', schema, true, doc, 0)];
}
