import type { FuncKeywordDefinition, Plugin } from 'ajv';

/**
 * `maxLines`: a pasted list may hold at most this many lines. A regular expression could count
 * them too, but this keyword gives its own error ("at most N lines") and costs one scan.
 */
interface KeywordValidate {
  (limit: unknown, data: unknown, parentSchema?: Record<string, unknown>): boolean;
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

/**
 * `finite`: ajv coerces a string of 400 digits to Infinity and then skips minimum and maximum,
 * which it only checks on finite numbers, so the value passes. Reported as the bound it breaks.
 */
const finite: KeywordValidate = (on, data, parent = {}) => {
  if (on !== true || typeof data !== 'number' || Number.isFinite(data)) return true;
  const keyword = data < 0 ? 'minimum' : 'maximum';
  const limit = parent[keyword];
  finite.errors = [
    { keyword, message: `must be ${keyword === 'minimum' ? '>=' : '<='} ${limit}`, params: { limit } },
  ];
  return false;
};

/** The ajv plugin fastify's validator compiler loads (server/app.ts); ajv is fastify's own. */
export const boundedKeywords: Plugin<unknown> = (ajv) =>
  ajv
    .addKeyword({
      keyword: 'maxLines',
      type: 'string',
      schemaType: 'number',
      errors: true,
      validate: maxLines as FuncKeywordDefinition['validate'],
    })
    .addKeyword({
      keyword: 'finite',
      // No `type`: ajv's number group is itself guarded by isFinite, so it would skip this too.
      schemaType: 'boolean',
      errors: true,
      validate: finite as FuncKeywordDefinition['validate'],
    });
