import SwaggerParser from '@apidevtools/swagger-parser';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices } from '../../server/db/schema/devices';
import { SEED_USER_IDS } from '../../server/db/seed/index';
import { closeDatabase, startHarness, type Harness } from './harness';
import { operationsOf, plausible, type Hints, type Operation } from './hostile/operations';

/**
 * The OpenAPI document is complete (issue 16): it validates, every operation declares what it
 * answers, and real answers match. Every read operation is called with a plausible request as
 * an agent and as admin; each JSON 200 answer is checked against the declared 200 schema.
 */
type Doc = Parameters<typeof operationsOf>[0] & {
  paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: object }> }> }>>;
};

let h: Harness;
let doc: Doc;

beforeAll(async () => {
  h = await startHarness();
  doc = h.app.swagger() as Doc;
});
afterAll(async () => {
  await h.close();
  await closeDatabase();
});

const responseOf = (op: Operation) => doc.paths[op.path][op.method.toLowerCase()].responses?.['200'];

/** The route access rule of an operation (the document writes {id} where fastify has :id). */
function accessOf(op: Operation) {
  const url = op.path.replace(/\{(\w+)\}/g, ':$1');
  return h.app.routeAccess.get(`${op.method} ${url}`);
}

function urlOf(op: Operation, hints: Hints) {
  let path = op.path;
  for (const [k, s] of Object.entries(op.params))
    path = path.replace(`{${k}}`, encodeURIComponent(String(plausible(s, k, hints))));
  const q = Object.entries(op.query).map(([k, s]) => [k, String(plausible(s, k, hints))]);
  return q.length ? `${path}?${new URLSearchParams(q)}` : path;
}

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const copy = structuredClone(doc) as unknown as Parameters<typeof SwaggerParser.validate>[1];
    await expect(SwaggerParser.validate(copy)).resolves.toBeTruthy();
  });

  it('declares a 200 answer with a schema for every operation', () => {
    const ops = operationsOf(doc);
    expect(ops.length).toBeGreaterThan(200);
    const missing = ops
      .filter((op) => {
        const content = responseOf(op)?.content ?? {};
        return !Object.values(content).some((c) => c.schema);
      })
      .map((op) => `${op.method} ${op.path}`);
    expect(missing).toEqual([]);
  });

  it('describes what real answers hold, for every read operation', async () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    const ops = operationsOf(doc).filter((op) => {
      const access = accessOf(op);
      // Logging out would end the session the other calls use.
      return access && !('public' in access) && !access.write && !/\/(ws|logout)$/.test(op.path);
    });
    const mismatches: string[] = [];
    let checked = 0;
    for (const role of ['agent', 'admin'] as const) {
      const token = await h.login(role);
      const owner = role === 'agent' ? SEED_USER_IDS.user : SEED_USER_IDS.admin;
      const [device] = await h.handle.db
        .select({ t: devices.terminalId })
        .from(devices)
        .where(and(eq(devices.userId, owner), isNotNull(devices.lat)))
        .orderBy(asc(devices.id))
        .limit(1);
      const hints: Hints = {
        terminalId: device?.t ?? '',
        userId: SEED_USER_IDS[role === 'agent' ? 'agent' : 'admin'],
        username: role,
        today: new Date().toISOString().slice(0, 10),
      };
      for (const op of ops) {
        const body = op.body ? JSON.stringify(plausible(op.body, '', hints)) : undefined;
        const res = await h.app.inject({
          method: op.method,
          url: urlOf(op, hints),
          payload: body,
          headers: {
            authorization: `Bearer ${token}`,
            ...(body ? { 'content-type': 'application/json' } : {}),
          },
        });
        const type = String(res.headers['content-type'] ?? '');
        if (res.statusCode !== 200 || !type.includes('json')) continue;
        const schema = responseOf(op)?.content?.['application/json']?.schema;
        if (!schema) continue; // the previous test names it
        const validate = ajv.compile(schema);
        checked++;
        if (!validate(res.json()))
          mismatches.push(
            `${role} ${op.method} ${op.path}: ${ajv.errorsText(validate.errors?.slice(0, 3), { separator: '; ' })}`,
          );
      }
    }
    expect(mismatches).toEqual([]);
    // Most read calls answer 200 to a plausible request; too few would make this test empty.
    expect(checked).toBeGreaterThan(120);
  }, 600_000);
});
