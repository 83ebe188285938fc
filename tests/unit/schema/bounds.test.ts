import { describe, expect, it } from 'vitest';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { routeSchemaProblems, unboundedPaths } from '../../../server/lib/schema/check';
import { fieldError, fieldName } from '../../../server/lib/schema/errors';
import { boundedKeywords } from '../../../server/lib/schema/ajv';
import { isValueError, sqlState } from '../../../server/lib/schema/db-errors';
import { interpolate, requestLanguage } from '../../../server/lib/localize';
import * as S from '../../../server/lib/schema/primitives';
import { INT32_MAX } from '../../../src/domain/limits';

const { Type } = S;

/** Validates like fastify's compiler: the same options, formats and keywords. */
function validator(schema: object) {
  const ajv = new Ajv({ removeAdditional: true, coerceTypes: 'array', useDefaults: true });
  addFormats(ajv);
  boundedKeywords(ajv);
  const validate = ajv.compile(schema);
  return (data: unknown) => {
    const ok = validate(data);
    return ok ? null : fieldError(validate.errors ?? [], 'body');
  };
}

describe('the start-up check of request schemas', () => {
  it('passes schemas built from the primitives', () => {
    const body = S.Body({
      id: S.Id(),
      name: Type.Optional(S.Text(64)),
      imeis: S.LineList(),
      ids: S.IdList(100),
      rows: S.List(S.Body({ terminalID: S.TerminalId(), at: S.DateTime() }), 10),
      kind: S.OneOf(['a', 'b']),
      either: Type.Union([S.Text(8), S.Int(0, 9), Type.Null()]),
      flag: Type.Boolean(),
    });
    expect(unboundedPaths(body)).toEqual([]);
    expect(routeSchemaProblems({ body })).toEqual([]);
    expect(routeSchemaProblems({ querystring: S.NoInput() })).toEqual([]);
  });

  it('names every unbounded number, string, array and free value', () => {
    const body = Type.Object({
      id: Type.Integer({ minimum: 1 }),
      n: Type.Number({ maximum: 3 }),
      s: Type.String({ maxLength: 5 }),
      t: Type.String({ pattern: '^a$' }),
      list: Type.Array(S.Id()),
      nested: Type.Object({ deep: Type.Array(Type.String(), { maxItems: 2 }) }),
      any: Type.Unknown(),
      u: Type.Union([Type.String(), S.Id()]),
    });
    expect(unboundedPaths(body)).toEqual([
      'id: integer without minimum and maximum',
      'id: integer without finite',
      'n: number without minimum and maximum',
      'n: number without finite',
      's: string without a pattern or format',
      't: string without maxLength',
      'list: array without maxItems',
      'nested.deep[]: string without maxLength',
      'nested.deep[]: string without a pattern or format',
      'any: any value is accepted',
      'u<anyOf0>: string without maxLength',
      'u<anyOf0>: string without a pattern or format',
    ]);
  });

  it('refuses a route without a request schema', () => {
    expect(routeSchemaProblems(undefined)).toHaveLength(1);
    expect(routeSchemaProblems({ tags: ['x'] })[0]).toMatch(/no request schema/);
    expect(routeSchemaProblems({ params: Type.Object({ ids: Type.String() }) })).toEqual([
      'params ids: string without maxLength',
      'params ids: string without a pattern or format',
    ]);
  });
});

describe('the primitives refuse what the database cannot hold', () => {
  const check = validator(
    S.Body({ id: S.Id(), name: Type.Optional(S.Text(8)), list: Type.Optional(S.MultiLine(100, 3)) }),
  );

  it('keeps ids within int4', () => {
    expect(check({ id: INT32_MAX })).toBeNull();
    expect(check({ id: INT32_MAX + 1 })).toEqual({
      key: 'fieldTooLarge',
      params: { field: 'id', limit: INT32_MAX },
    });
    expect(check({ id: 0 })).toEqual({ key: 'fieldTooSmall', params: { field: 'id', limit: 1 } });
    expect(check({ id: 1e308 })?.key).toBe('fieldTooLarge');
    expect(check({ id: JSON.parse(`1${'0'.repeat(10_000)}`) })?.key).toBe('fieldType');
    expect(check({ id: '12abc' })?.key).toBe('fieldType');
    // ajv coerces these texts to Infinity and would skip its bounds: `finite` names the bound.
    expect(check({ id: '9'.repeat(400) })).toEqual({
      key: 'fieldTooLarge',
      params: { field: 'id', limit: INT32_MAX },
    });
    expect(check({ id: '-1e999' })).toEqual({ key: 'fieldTooSmall', params: { field: 'id', limit: 1 } });
    expect(check({ id: 'Infinity' })?.key).toBe('fieldTooLarge');
    expect(check({})).toEqual({ key: 'fieldRequired', params: { field: 'id' } });
  });

  it('refuses control characters in typed text, keeps line breaks in lists', () => {
    expect(check({ id: 1, name: 'a\u0000b' })).toEqual({
      key: 'fieldControlChars',
      params: { field: 'name' },
    });
    expect(check({ id: 1, name: 'a\nb' })?.key).toBe('fieldControlChars');
    expect(check({ id: 1, name: 'a\u0085' })?.key).toBe('fieldControlChars');
    expect(check({ id: 1, name: '粤B·123456' })?.key).toBe('fieldTooLong');
    expect(check({ id: 1, name: '粤B12345' })).toBeNull();
    expect(check({ id: 1, list: '1\r\n2\n3' })).toBeNull();
    expect(check({ id: 1, list: '1\u0000' })?.key).toBe('fieldControlChars');
  });

  it('counts the lines of a list', () => {
    expect(check({ id: 1, list: '1\n2\n3\n4' })).toEqual({
      key: 'fieldTooManyLines',
      params: { field: 'list', limit: 3 },
    });
  });

  it('names nested fields and reports a failed union once', () => {
    const rows = validator(S.Body({ rows: S.List(S.Body({ v: Type.Union([S.Text(3), S.Int(0, 9)]) }), 2) }));
    expect(rows({ rows: [{ v: 'ok' }, { v: {} }] })).toEqual({
      key: 'fieldFormat',
      params: { field: 'rows[1].v' },
    });
    expect(rows({ rows: [{ v: 1 }, { v: 2 }, { v: 3 }] })?.key).toBe('fieldTooManyItems');
    expect(fieldName('/a~1b/0', 'body')).toBe('a/b[0]');
    expect(fieldName('', 'querystring')).toBe('querystring');
  });
});

describe('the database safety net', () => {
  it('treats data exceptions as the request’s fault', () => {
    for (const code of ['22P02', '22003', '22001', '22021', '22008', '54000'])
      expect(isValueError(code)).toBe(true);
    for (const code of ['23505', '40001', '08006', '57014']) expect(isValueError(code)).toBe(false);
  });

  it('finds the SQLSTATE through wrappers', () => {
    expect(sqlState({ message: 'Failed query', cause: { code: '22P02' } })).toBe('22P02');
    expect(sqlState(new Error('plain'))).toBeUndefined();
    expect(sqlState({ code: 'FST_ERR_VALIDATION' })).toBeUndefined();
  });
});

describe('error texts in the caller’s language', () => {
  it('reads Accept-Language in order, mapping browser tags to ours', () => {
    expect(requestLanguage('fr-CA,fr;q=0.9')).toBe('fr');
    expect(requestLanguage('de,zh-TW;q=0.5')).toBe('cn');
    expect(requestLanguage('en-IN')).toBe('en-IN');
    expect(requestLanguage('xx')).toBeUndefined();
    expect(requestLanguage(undefined)).toBeUndefined();
  });

  it('fills placeholders and leaves unknown ones', () => {
    expect(interpolate('{{field}}: at most {{limit}}', { field: 'name', limit: 3 })).toBe('name: at most 3');
    expect(interpolate('{{field}} {{other}}', { field: 'x' })).toBe('x {{other}}');
  });
});
