import type { JsonSchema, OpenApiDoc } from './types';

/** Nesting deeper than this is not drawn (a recursive $ref would never end). */
export const MAX_DEPTH = 8;

/** The schema a local `$ref` (#/components/schemas/X) names; other schemas as they are. */
export function resolve(schema: JsonSchema, doc?: OpenApiDoc): JsonSchema {
  let s = schema;
  for (let i = 0; s.$ref && i < MAX_DEPTH; i++) {
    const name = /^#\/components\/schemas\/(.+)$/.exec(s.$ref)?.[1];
    const target = name ? doc?.components?.schemas?.[decodeURIComponent(name)] : undefined;
    if (!target) break;
    s = { ...target, ...(s.description ? { description: s.description } : {}) };
  }
  return s;
}

const isNull = (s: JsonSchema) =>
  s.type === 'null' || (Array.isArray(s.type) && s.type.length === 1 && s.type[0] === 'null');

export interface Unwrapped {
  schema: JsonSchema;
  nullable: boolean;
  /** Values of a union of constants (TypeBox writes an enum as anyOf of single-value enums). */
  enumValues?: unknown[];
}

/**
 * A schema with its null alternative taken out: `anyOf [T, null]` (and `type: [T, 'null']`) is a
 * nullable T; a union of constants is one enum.
 */
export function unwrap(input: JsonSchema, doc?: OpenApiDoc): Unwrapped {
  const schema = resolve(input, doc);
  let nullable = schema.nullable === true;
  if (Array.isArray(schema.type) && schema.type.includes('null')) {
    const rest = schema.type.filter((t) => t !== 'null');
    return { schema: { ...schema, type: rest.length === 1 ? rest[0] : rest }, nullable: true };
  }
  const variants = schema.anyOf ?? schema.oneOf;
  if (!variants) return { schema, nullable, enumValues: enumOf(schema) };
  const nonNull = variants.map((v) => resolve(v, doc)).filter((v) => !isNull(v));
  nullable ||= nonNull.length < variants.length;
  const constants = nonNull.map(enumOf);
  if (nonNull.length > 1 && constants.every((c) => c !== undefined)) {
    return {
      schema: { ...nonNull[0], description: schema.description ?? nonNull[0].description },
      nullable,
      enumValues: constants.flat(),
    };
  }
  if (nonNull.length === 1) {
    const inner = unwrap(nonNull[0], doc);
    return {
      ...inner,
      schema: { ...inner.schema, description: schema.description ?? inner.schema.description },
      nullable: nullable || inner.nullable,
    };
  }
  return { schema: { ...schema, anyOf: nonNull, oneOf: undefined }, nullable };
}

function enumOf(s: JsonSchema): unknown[] | undefined {
  if (s.enum) return s.enum;
  if (s.const !== undefined) return [s.const];
  return undefined;
}

/** allOf of objects read as one object (properties and required lists merged). */
export function mergeAllOf(schema: JsonSchema, doc?: OpenApiDoc): JsonSchema {
  if (!schema.allOf) return schema;
  const parts = schema.allOf.map((p) => mergeAllOf(resolve(p, doc), doc));
  const { allOf: _drop, ...rest } = schema;
  return parts.reduce<JsonSchema>(
    (acc, p) => ({
      ...p,
      ...acc,
      properties: { ...acc.properties, ...p.properties },
      required: [...(acc.required ?? []), ...(p.required ?? [])],
      type: acc.type ?? p.type,
    }),
    rest,
  );
}

/** The type as one word: `integer`, `string`, `object`, `array`, a union `string | integer`. */
export function typeName(schema: JsonSchema, doc?: OpenApiDoc): string {
  const s = mergeAllOf(schema, doc);
  if (s.anyOf ?? s.oneOf)
    return (s.anyOf ?? s.oneOf)!.map((v) => typeName(unwrap(v, doc).schema, doc)).join(' | ');
  if (Array.isArray(s.type)) return s.type.join(' | ');
  if (s.type) return s.type;
  if (s.properties) return 'object';
  if (s.items) return 'array';
  return 'any';
}

/**
 * The `data` schema of an answer in the envelope {meta, data} every route answers; null when
 * the schema is not an envelope.
 */
export function envelopeData(schema: JsonSchema | null, doc?: OpenApiDoc): JsonSchema | null {
  if (!schema) return null;
  const s = resolve(schema, doc);
  const props = s.properties;
  if (!props?.meta || !('data' in props) || Object.keys(props).length !== 2) return null;
  return props.data;
}
