import { schemaAt, type FieldPath, type JsonSchema } from './operations';

/**
 * The shape of a hostile field value: everything a route's validator looks at to judge it (the
 * field's path, its schema, whether its parent requires it, the value). Two requests of the same
 * shape get the same verdict from any route's schema, so once one was refused by the schema the
 * others need not be sent. A parent whose schema ties fields together (anyOf, oneOf, allOf, if,
 * dependencies) judges a field by its siblings too: its fields get no shape and are always sent.
 */
const CROSS_FIELD = ['anyOf', 'oneOf', 'allOf', 'if', 'dependencies', 'dependentRequired', 'dependentSchemas'];
const ties = (s: JsonSchema) => CROSS_FIELD.some((k) => k in s);

export function fieldShape(body: JsonSchema, path: FieldPath, label: string): string | undefined {
  let parent = body;
  for (let i = 0; i < path.length - 1; i++) {
    if (ties(parent)) return undefined;
    parent = schemaAt(parent, [path[i]]);
  }
  if (ties(parent)) return undefined;
  const name = path[path.length - 1];
  const required = typeof name === 'string' && (parent.required ?? []).includes(name);
  return `body ${path.join('.')} ${required ? 'required' : 'optional'} ${JSON.stringify(schemaAt(body, path))} ${label}`;
}

/** A path or query parameter's value (not its absence: whether it is required is not in the schema). */
export function parameterShape(where: 'params' | 'query', name: string, schema: JsonSchema, label: string) {
  return `${where} ${name} ${JSON.stringify(schema)} ${label}`;
}
