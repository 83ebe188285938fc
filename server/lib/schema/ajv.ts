import type { FuncKeywordDefinition, Plugin } from 'ajv';

/**
 * `maxLines`: a pasted list may hold at most this many lines. A regular expression could count
 * them too, but this keyword gives its own error ("at most N lines") and costs one scan.
 */
interface KeywordValidate {
  (limit: unknown, data: unknown): boolean;
  errors?: { keyword: string; message: string; params: Record<string, unknown> }[];
}

const maxLines: KeywordValidate = (limit, data) => {
  if (typeof data !== 'string' || typeof limit !== 'number') return true;
  let lines = 1;
  for (let i = data.indexOf('\n'); i !== -1 && lines <= limit; i = data.indexOf('\n', i + 1)) lines++;
  if (lines <= limit) return true;
  maxLines.errors = [{ keyword: 'maxLines', message: `must have at most ${limit} lines`, params: { limit } }];
  return false;
};

/** The ajv plugin fastify's validator compiler loads (server/app.ts); ajv is fastify's own. */
export const boundedKeywords: Plugin<unknown> = (ajv) =>
  ajv.addKeyword({
    keyword: 'maxLines',
    type: 'string',
    schemaType: 'number',
    errors: true,
    validate: maxLines as FuncKeywordDefinition['validate'],
  });
