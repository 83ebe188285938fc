/**
 * The operations of the OpenAPI document the server builds from its route schemas, and a
 * plausible value for each schema, so that a hostile value can be put in one field at a time
 * while the others are well formed. Nothing here names a route: a new route is covered as soon
 * as it is registered.
 */

export interface JsonSchema {
  type?: string;
  format?: string;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  pattern?: string;
  nullable?: boolean;
}

export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** The path as documented, `{name}` for a path parameter. */
  path: string;
  body: JsonSchema | null;
  query: Record<string, JsonSchema>;
  params: Record<string, JsonSchema>;
}

interface OpenApiDoc {
  paths: Record<
    string,
    Record<
      string,
      {
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
        parameters?: { in: string; name: string; schema: JsonSchema }[];
      }
    >
  >;
}

export function operationsOf(doc: OpenApiDoc): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const content = op.requestBody?.content ?? {};
      const query: Record<string, JsonSchema> = {};
      const params: Record<string, JsonSchema> = {};
      for (const p of op.parameters ?? []) {
        if (p.in === 'query') query[p.name] = p.schema;
        if (p.in === 'path') params[p.name] = p.schema;
      }
      ops.push({
        method: method.toUpperCase() as Operation['method'],
        path,
        body: content['application/json']?.schema ?? null,
        query,
        params,
      });
    }
  }
  return ops;
}

/** Values the plausible request uses for fields whose name says what they hold. */
export interface Hints {
  terminalId: string;
  userId: number;
  username: string;
  today: string;
}

/** No account's password: a login with another tree's name must not get in. */
const WRONG_PASSWORD = 'not-the-password-9';

/** A value the schema accepts, chosen from the field's name where it tells more. */
export function plausible(s: JsonSchema, name: string, hints: Hints): unknown {
  const variants = s.anyOf ?? s.oneOf;
  if (variants?.length) return plausible(variants[0], name, hints);
  if (s.allOf?.length) return plausible(s.allOf[0], name, hints);
  if (s.enum?.length) return s.enum[0];
  switch (s.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(s.properties ?? {})) out[k] = plausible(v, k, hints);
      return out;
    }
    case 'array':
      return s.items ? [plausible(s.items, name.replace(/s$/, ''), hints)] : [];
    case 'boolean':
      return false;
    case 'integer':
    case 'number':
      return plausibleNumber(s, name, hints);
    default:
      return plausibleString(s, name, hints);
  }
}

function plausibleNumber(s: JsonSchema, name: string, hints: Hints): number {
  const lo = s.minimum ?? 0;
  const hi = s.maximum ?? lo + 10;
  const wanted = /^(user|parent|agent)?id$/i.test(name) ? hints.userId : /page$|pagenum/i.test(name) ? 1 : lo;
  return Math.min(hi, Math.max(lo, wanted));
}

function plausibleString(s: JsonSchema, name: string, hints: Hints): string {
  if (s.format === 'date') return hints.today;
  if (s.format === 'date-time') return new Date(`${hints.today}T00:00:00Z`).toISOString();
  let v = /terminal|imei/i.test(name)
    ? hints.terminalId
    : /user(name)?$/i.test(name)
      ? hints.username
      : /password/i.test(name)
        ? WRONG_PASSWORD
        : /ids$/i.test(name)
          ? String(hints.userId)
          : 'fleet';
  if (s.maxLength != null) v = v.slice(0, s.maxLength);
  if (s.pattern && !new RegExp(s.pattern).test(v)) v = 'x';
  return v.padEnd(s.minLength ?? 0, 'x');
}

/** A path to a field: keys and array indices from the body's top. */
export type FieldPath = (string | number)[];

/** Every field of the body: top-level ones and those of the first item of an array of objects. */
export function fieldsOf(s: JsonSchema | null, prefix: FieldPath = []): FieldPath[] {
  if (!s || s.type !== 'object' || !s.properties) return [];
  const out: FieldPath[] = [];
  for (const [k, v] of Object.entries(s.properties)) {
    const here = [...prefix, k];
    out.push(here);
    const item = v.items;
    if (v.type === 'array' && item?.type === 'object' && prefix.length === 0)
      out.push(...fieldsOf(item, [...here, 0]));
    if (v.type === 'object' && prefix.length === 0) out.push(...fieldsOf(v, here));
  }
  return out;
}

export function schemaAt(s: JsonSchema, path: FieldPath): JsonSchema {
  let cur = s;
  for (const k of path) cur = (typeof k === 'number' ? cur.items : cur.properties?.[k]) ?? {};
  return cur;
}

/** The operation's URL with these path and query values. */
export function urlOf(op: Operation, params: Record<string, unknown>, query: Record<string, unknown>): string {
  let path = op.path;
  for (const [k, v] of Object.entries(params)) path = path.replace(`{${k}}`, encodeURIComponent(String(v)));
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return qs ? `${path}?${qs}` : path;
}

/** The operation's URL with plausible path and query values. */
export function plausibleUrl(op: Operation, hints: Hints): string {
  const values = (fields: Record<string, JsonSchema>) =>
    Object.fromEntries(Object.entries(fields).map(([k, s]) => [k, plausible(s, k, hints)]));
  return urlOf(op, values(op.params), values(op.query));
}
