/**
 * One clear 400 for a request that fails its schema: a catalogue key, the field it names and
 * the bound it broke, so the UI says "username is too long: at most 64 characters" in the
 * user's language instead of ajv's English.
 */
import type { MessageKey } from '../../../src/domain/messages';
import { CONTROL_CHAR_PATTERNS } from './primitives';

export interface SchemaErrorLike {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

export interface FieldError {
  key: MessageKey;
  params: { field: string; limit?: number | string };
}

/** `/users/0/username` → `users[0].username`; the request part when the whole of it is wrong. */
export function fieldName(instancePath: string, part: string, missing?: unknown): string {
  const segments = instancePath.split('/').slice(1);
  if (typeof missing === 'string') segments.push(missing);
  if (segments.length === 0) return part;
  return segments
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((acc, s) => (/^\d+$/.test(s) ? `${acc}[${s}]` : acc ? `${acc}.${s}` : s), '');
}

const BY_KEYWORD: Record<string, MessageKey> = {
  required: 'fieldRequired',
  type: 'fieldType',
  maxLength: 'fieldTooLong',
  minLength: 'fieldTooShort',
  maximum: 'fieldTooLarge',
  exclusiveMaximum: 'fieldTooLarge',
  minimum: 'fieldTooSmall',
  exclusiveMinimum: 'fieldTooSmall',
  maxItems: 'fieldTooManyItems',
  minItems: 'fieldTooFewItems',
  maxLines: 'fieldTooManyLines',
};

/**
 * The error to answer for ajv's errors of one request part. ajv stops at the first error, but
 * a union that fails lists its branches' errors before its own: the union's own is the one to
 * name ("wrong format"), its branches' are noise.
 */
export function fieldError(errors: readonly SchemaErrorLike[], part: string): FieldError {
  const union = errors.find((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf');
  const e = union ?? errors[0];
  if (!e) return { key: 'fieldFormat', params: { field: part } };
  const field = fieldName(e.instancePath, part, e.params.missingProperty);
  if (e.keyword === 'pattern' && CONTROL_CHAR_PATTERNS.has(String(e.params.pattern)))
    return { key: 'fieldControlChars', params: { field } };
  const key = BY_KEYWORD[e.keyword] ?? 'fieldFormat';
  const limit = e.params.limit;
  return {
    key,
    params: typeof limit === 'number' || typeof limit === 'string' ? { field, limit } : { field },
  };
}

/** Every key fieldError can answer. */
export const SCHEMA_ERROR_KEYS: ReadonlySet<MessageKey> = new Set<MessageKey>([
  ...Object.values(BY_KEYWORD),
  'fieldControlChars',
  'fieldFormat',
]);
