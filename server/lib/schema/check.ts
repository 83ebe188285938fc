/**
 * The start-up check of request schemas (issue 10): a route must declare a request schema, and
 * every number, string and array in it must be bounded, so no value the database cannot hold
 * and no NUL reaches it. The primitives in ./primitives.ts pass by construction.
 */

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const has = (s: Json, ...keys: string[]) => keys.some((k) => s[k] !== undefined);

/** The places in `schema` that let an unbounded value through, as JSON-ish paths. */
export function unboundedPaths(schema: unknown, path = ''): string[] {
  if (!isObj(schema)) return [`${path || '(root)'}: not a schema`];
  const here = path || '(root)';
  const out: string[] = [];
  for (const k of ['anyOf', 'oneOf', 'allOf'] as const) {
    const list = schema[k];
    if (Array.isArray(list)) list.forEach((s, i) => out.push(...unboundedPaths(s, `${path}<${k}${i}>`)));
  }
  if (has(schema, 'const', 'enum')) return out;
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : schema.type ? [schema.type] : [];
  if (types.length === 0 && !has(schema, 'anyOf', 'oneOf', 'allOf'))
    out.push(`${here}: any value is accepted`);
  for (const type of types) {
    switch (type) {
      case 'integer':
      case 'number':
        if (!has(schema, 'minimum', 'exclusiveMinimum') || !has(schema, 'maximum', 'exclusiveMaximum'))
          out.push(`${here}: ${type} without minimum and maximum`);
        // A text of 400 digits becomes Infinity, which ajv's bounds let through (./ajv.ts).
        if (schema.finite !== true) out.push(`${here}: ${type} without finite`);
        break;
      case 'string':
        if (!has(schema, 'maxLength')) out.push(`${here}: string without maxLength`);
        if (!has(schema, 'pattern', 'format')) out.push(`${here}: string without a pattern or format`);
        break;
      case 'array':
        if (!has(schema, 'maxItems')) out.push(`${here}: array without maxItems`);
        if (isObj(schema.items)) out.push(...unboundedPaths(schema.items, `${path}[]`));
        else out.push(`${here}: array items without a schema`);
        break;
      case 'object':
        out.push(...objectPaths(schema, path));
        break;
      case 'boolean':
      case 'null':
        break;
      default:
        out.push(`${here}: unknown type ${type}`);
    }
  }
  return out;
}

function objectPaths(schema: Json, path: string): string[] {
  const out: string[] = [];
  const props = isObj(schema.properties) ? schema.properties : {};
  for (const [name, sub] of Object.entries(props))
    out.push(...unboundedPaths(sub, path ? `${path}.${name}` : name));
  const extra = schema.additionalProperties;
  if (isObj(extra)) out.push(...unboundedPaths(extra, `${path}.*`));
  if (isObj(schema.patternProperties))
    for (const sub of Object.values(schema.patternProperties)) out.push(...unboundedPaths(sub, `${path}.*`));
  return out;
}

/** The request parts fastify validates. */
export const REQUEST_PARTS = ['body', 'querystring', 'params'] as const;

/**
 * Why a route's schema is not acceptable, or an empty list. `schema` is fastify's route schema;
 * a route that takes no input declares `NoInput()` as its body or querystring.
 */
export function routeSchemaProblems(schema: Json | undefined): string[] {
  const parts = REQUEST_PARTS.filter((p) => schema?.[p] !== undefined);
  if (!schema || parts.length === 0) return ['declares no request schema (body, querystring or params)'];
  return parts.flatMap((p) => unboundedPaths(schema[p], '').map((m) => `${p} ${m}`));
}
