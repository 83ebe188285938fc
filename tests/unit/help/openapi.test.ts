import { describe, expect, it } from 'vitest';
import { exampleOf } from '../../../src/pages/help/openapi/example';
import { filterGroups, groupByTag, operationsOf } from '../../../src/pages/help/openapi/operations';
import { schemaRows } from '../../../src/pages/help/openapi/rows';
import { envelopeData, unwrap } from '../../../src/pages/help/openapi/schema';
import type { JsonSchema, OpenApiDoc } from '../../../src/pages/help/openapi/types';
import { buildUrl, missingPathParams, parseBody, requestHeaders } from '../../../src/pages/help/openapi/url';

const envelope = (data: JsonSchema): JsonSchema => ({
  type: 'object',
  required: ['meta', 'data'],
  properties: { meta: { type: 'object', properties: { success: { type: 'boolean' } } }, data },
});

const device: JsonSchema = {
  type: 'object',
  required: ['terminalID', 'speed'],
  properties: {
    terminalID: { type: 'string', minLength: 1, maxLength: 20, description: 'IMEI' },
    speed: { type: 'integer', minimum: 0, maximum: 300 },
    fixTime: { anyOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }] },
    state: {
      anyOf: [
        { type: 'string', enum: ['online'] },
        { type: 'string', enum: ['offline'] },
      ],
    },
  },
};

const doc: OpenApiDoc = {
  openapi: '3.1.0',
  info: { title: 'T', version: '1' },
  tags: [{ name: 'user', description: 'Accounts' }],
  components: { schemas: { Device: device } },
  paths: {
    '/api/user/list': {
      get: { tags: ['user'], summary: 'List accounts', responses: { '200': { description: 'ok' } } },
    },
    '/api/v1/devices/{terminalId}': {
      parameters: [{ name: 'terminalId', in: 'path', required: true, schema: { type: 'string' } }],
      get: {
        tags: ['v1'],
        summary: 'One device',
        parameters: [{ name: 'fields', in: 'query', schema: { type: 'string' } }],
        responses: {
          '200': {
            description: 'The device',
            content: {
              'application/json': {
                schema: envelope({ $ref: '#/components/schemas/Device' }),
                example: { ok: 1 },
              },
            },
          },
        },
      },
    },
    '/api/alarm/read': {
      post: { tags: ['alarm'], requestBody: { content: { 'application/json': { schema: device } } } },
    },
    '/api/zz': { post: {} },
  },
};

describe('operations of the document', () => {
  it('lists each operation with its shared path parameters, body and answers', () => {
    const ops = operationsOf(doc);
    expect(ops.map((o) => o.id)).toEqual([
      'GET /api/user/list',
      'GET /api/v1/devices/{terminalId}',
      'POST /api/alarm/read',
      'POST /api/zz',
    ]);
    const one = ops[1];
    expect(one.parameters.map((p) => `${p.in}:${p.name}`)).toEqual(['path:terminalId', 'query:fields']);
    expect(one.responses[0]).toMatchObject({
      status: '200',
      contentType: 'application/json',
      example: { ok: 1 },
    });
    expect(ops[2].body?.schema).toBe(device);
    expect(ops[3].tag).toBe('other');
  });

  it('groups v1 first, then the declared tags, then the others alphabetically', () => {
    expect(groupByTag(doc).map((g) => g.tag)).toEqual(['v1', 'user', 'alarm', 'other']);
    expect(groupByTag(doc)[1].description).toBe('Accounts');
  });

  it('filters on every word, case-insensitively, and drops empty groups', () => {
    const groups = groupByTag(doc);
    expect(filterGroups(groups, '  ').length).toBe(4);
    expect(filterGroups(groups, 'DEVICE get').map((g) => g.operations.map((o) => o.id))).toEqual([
      ['GET /api/v1/devices/{terminalId}'],
    ]);
    expect(filterGroups(groups, 'accounts list')[0].operations[0].path).toBe('/api/user/list');
    expect(filterGroups(groups, 'nothing-like-this')).toEqual([]);
  });
});

describe('schema rows', () => {
  it('describes each field: type, required, bounds, nullable, enum, description', () => {
    const rows = schemaRows(device);
    expect(rows.map((r) => [r.name, r.type, r.required, r.nullable])).toEqual([
      ['terminalID', 'string', true, false],
      ['speed', 'integer', true, false],
      ['fixTime', 'string', false, true],
      ['state', 'string', false, false],
    ]);
    expect(rows[0].bounds).toEqual([
      { kind: 'minLength', value: '1' },
      { kind: 'maxLength', value: '20' },
    ]);
    expect(rows[0].description).toBe('IMEI');
    expect(rows[2].bounds).toEqual([{ kind: 'format', value: 'date-time' }]);
    expect(rows[3].enumValues).toEqual(['online', 'offline']);
  });

  it('nests objects and arrays of objects, following $ref', () => {
    const data = envelopeData(operationsOf(doc)[1].responses[0].schema, doc);
    expect(data).toEqual({ $ref: '#/components/schemas/Device' });
    const list: JsonSchema = {
      type: 'object',
      properties: {
        list: { type: 'array', items: { $ref: '#/components/schemas/Device' } },
        tags: { type: 'array', items: { type: 'string' } },
      },
    };
    const rows = schemaRows(list, doc);
    expect(rows[0].type).toBe('array<object>');
    expect(rows[0].children?.map((r) => r.key)).toEqual([
      'list[].terminalID',
      'list[].speed',
      'list[].fixTime',
      'list[].state',
    ]);
    expect(rows[1].type).toBe('array<string>');
    expect(rows[1].children?.[0]).toMatchObject({ name: '[]', type: 'string' });
  });

  it('gives one row for a root that is not an object, and none without a schema', () => {
    expect(schemaRows({ type: 'array', items: { type: 'integer' } })[0].type).toBe('array<integer>');
    expect(schemaRows(null)).toEqual([]);
  });

  it('reads type lists with null and allOf', () => {
    expect(unwrap({ type: ['integer', 'null'] })).toMatchObject({
      nullable: true,
      schema: { type: 'integer' },
    });
    const merged = schemaRows({
      allOf: [
        { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
        { type: 'object', properties: { b: { type: 'number' } } },
      ],
    });
    expect(merged.map((r) => [r.name, r.required])).toEqual([
      ['a', true],
      ['b', false],
    ]);
  });

  it('is not an envelope unless it holds exactly meta and data', () => {
    expect(envelopeData(device)).toBeNull();
    expect(envelopeData(null)).toBeNull();
  });
});

describe('example bodies', () => {
  it('builds a value that keeps the bounds', () => {
    expect(exampleOf(device)).toEqual({
      terminalID: 'string',
      speed: 0,
      fixTime: '2025-01-01T00:00:00.000Z',
      state: 'online',
    });
    expect(exampleOf({ type: 'integer', minimum: 1, maximum: 100 })).toBe(1);
    expect(exampleOf({ type: 'number', exclusiveMinimum: 5 })).toBeGreaterThan(5);
    expect(exampleOf({ type: 'string', maxLength: 3 })).toBe('str');
    expect(exampleOf({ type: 'string', pattern: '^\\d{1,10}(,\\d{1,10})*$', minLength: 3 })).toBe('100');
    expect(exampleOf({ type: 'array', items: { type: 'boolean' } })).toEqual([false]);
  });

  it('prefers the schema example, then its default', () => {
    expect(exampleOf({ type: 'string', example: 'abc', default: 'x' })).toBe('abc');
    expect(exampleOf({ type: 'string', examples: ['e1'] })).toBe('e1');
    expect(exampleOf({ type: 'integer', default: 7 })).toBe(7);
  });

  it('stops at a recursive $ref', () => {
    const rec: OpenApiDoc = {
      ...doc,
      components: {
        schemas: { Node: { type: 'object', properties: { next: { $ref: '#/components/schemas/Node' } } } },
      },
    };
    let v = exampleOf({ $ref: '#/components/schemas/Node' }, rec) as { next?: unknown };
    let depth = 0;
    while (v && typeof v === 'object' && 'next' in v) {
      v = v.next as { next?: unknown };
      depth++;
    }
    expect(depth).toBeLessThan(12);
  });
});

describe('try-it requests', () => {
  it('fills path placeholders and non-empty query values', () => {
    expect(buildUrl('/api/v1/devices/{id}/track', { id: 'a b/1' }, { from: '2025-01-01', to: '' })).toBe(
      '/api/v1/devices/a%20b%2F1/track?from=2025-01-01',
    );
    expect(buildUrl('/api/x', {}, {})).toBe('/api/x');
    expect(missingPathParams('/api/{a}/{b}', { a: '1', b: ' ' })).toEqual(['b']);
  });

  it('puts the key in the chosen header only', () => {
    expect(requestHeaders(' k1 ', 'x-api-key', true)).toEqual({
      Accept: 'application/json',
      'Content-Type': 'application/json',
      'X-API-Key': 'k1',
    });
    expect(requestHeaders('k1', 'bearer', false)).toEqual({
      Accept: 'application/json',
      Authorization: 'Bearer k1',
    });
    expect(requestHeaders('', 'bearer', false)).toEqual({ Accept: 'application/json' });
  });

  it('parses a JSON body or says why not', () => {
    expect(parseBody('')).toEqual({ ok: true, value: undefined });
    expect(parseBody('{"a":1}')).toEqual({ ok: true, value: { a: 1 } });
    expect(parseBody('{a').ok).toBe(false);
  });
});
