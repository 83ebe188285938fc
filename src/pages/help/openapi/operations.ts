import type { JsonSchema, MediaObject, OpenApiDoc, OperationObject, ParameterObject } from './types';

/** The public API's tag: listed first, since it is what integrators read. */
export const PUBLIC_TAG = 'v1';
/** Operations without a tag are listed under this one. */
export const UNTAGGED = 'other';

const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'] as const;

export interface ApiBody {
  contentType: string;
  schema: JsonSchema | null;
  example?: unknown;
}

export interface ApiResponse {
  status: string;
  description?: string;
  contentType?: string;
  schema: JsonSchema | null;
  example?: unknown;
}

export interface ApiOperation {
  /** `METHOD path`, unique in a document. */
  id: string;
  method: string;
  path: string;
  tag: string;
  summary?: string;
  description?: string;
  deprecated: boolean;
  parameters: ParameterObject[];
  body: ApiBody | null;
  responses: ApiResponse[];
}

export interface TagGroup {
  tag: string;
  description?: string;
  operations: ApiOperation[];
}

/** The example a media object gives, from `example` or the first of `examples`. */
function exampleOfMedia(media: MediaObject): unknown {
  if (media.example !== undefined) return media.example;
  const first = Object.values(media.examples ?? {})[0];
  return first?.value;
}

/** JSON first: it is what the try-it panel can send and show. */
function pickContent(content: Record<string, MediaObject> | undefined): [string, MediaObject] | null {
  const entries = Object.entries(content ?? {});
  return entries.find(([type]) => type.includes('json')) ?? entries[0] ?? null;
}

function toOperation(
  path: string,
  method: string,
  op: OperationObject,
  shared: ParameterObject[],
): ApiOperation {
  const own = op.parameters ?? [];
  // Parameters of the path item apply unless the operation redefines them.
  const parameters = [...shared.filter((p) => !own.some((o) => o.name === p.name && o.in === p.in)), ...own];
  const body = pickContent(op.requestBody?.content);
  const responses = Object.entries(op.responses ?? {}).map(([status, r]): ApiResponse => {
    const media = pickContent(r.content);
    return {
      status,
      description: r.description,
      contentType: media?.[0],
      schema: media?.[1].schema ?? null,
      example: media ? exampleOfMedia(media[1]) : undefined,
    };
  });
  return {
    id: `${method.toUpperCase()} ${path}`,
    method: method.toUpperCase(),
    path,
    tag: op.tags?.[0] ?? UNTAGGED,
    summary: op.summary,
    description: op.description,
    deprecated: op.deprecated === true,
    parameters,
    body: body
      ? { contentType: body[0], schema: body[1].schema ?? null, example: exampleOfMedia(body[1]) }
      : null,
    responses,
  };
}

/** Every operation of the document, in document order. */
export function operationsOf(doc: OpenApiDoc): ApiOperation[] {
  const ops: ApiOperation[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    const shared = Array.isArray(item.parameters) ? item.parameters : [];
    for (const method of METHODS) {
      const op = item[method];
      if (op && typeof op === 'object' && !Array.isArray(op)) ops.push(toOperation(path, method, op, shared));
    }
  }
  return ops;
}

/**
 * Operations grouped by their first tag: v1 first, then the tags the document lists, in its
 * order, then the others alphabetically; operations by path, then method.
 */
export function groupByTag(doc: OpenApiDoc, ops: ApiOperation[] = operationsOf(doc)): TagGroup[] {
  const declared = doc.tags ?? [];
  const groups = new Map<string, ApiOperation[]>();
  for (const op of ops) groups.set(op.tag, [...(groups.get(op.tag) ?? []), op]);
  const rank = (tag: string) => {
    if (tag === PUBLIC_TAG) return -1;
    const i = declared.findIndex((d) => d.name === tag);
    return i >= 0 ? i : declared.length;
  };
  return [...groups.keys()]
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
    .map((tag) => ({
      tag,
      description: declared.find((d) => d.name === tag)?.description,
      operations: groups
        .get(tag)!
        .sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method)),
    }));
}

/** Groups keeping the operations whose method, path, tag, summary or description hold every word. */
export function filterGroups(groups: TagGroup[], query: string): TagGroup[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return groups;
  return groups
    .map((g) => ({
      ...g,
      operations: g.operations.filter((op) => {
        const text = [op.method, op.path, op.tag, op.summary, op.description].join(' ').toLowerCase();
        return words.every((w) => text.includes(w));
      }),
    }))
    .filter((g) => g.operations.length > 0);
}
