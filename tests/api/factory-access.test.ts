import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_PERMISSIONS, WILDCARD_PERMISSION, type RoleValue } from '../../config/roles';
import { eq } from 'drizzle-orm';
import { stock } from '../../server/db/schema/stock';
import { users } from '../../server/db/schema/users';
import type { RouteAccess } from '../../server/plugins/auth';
import { closeDatabase, startHarness, type Harness } from './harness';
import { operationsOf, plausible, type Hints, type Operation } from './hostile/operations';

/**
 * Role x route on the server (issue 15): every factory account, and the reseller accounts, call
 * every guarded route of the OpenAPI document with a well-formed request. A route answers 403
 * exactly when the caller's role holds none of the route's permissions; otherwise it is served
 * (any answer but 403 and 5xx). Routes are read from the running app, so a route added later is
 * covered without editing this file.
 */
const FACTORY_ACCOUNTS = [
  'test',
  'testsearch',
  'wanweitest',
  'log',
  'originlog',
  'otalook',
  'configplatform',
  'teststock',
  'testtransferip',
];
/** Reseller accounts are checked on the factory routes only (their own routes have their own tests). */
const RESELLER_ACCOUNTS = ['agent', 'user', 'superuser'];

/** Calls that end the caller's own session or account: checked for 403 only when refused. */
const SELF_ENDING = /\/(logout|deleteUser|updatePassword|updatePwd)/i;

let h: Harness;
let ops: { op: Operation; access: RouteAccess }[];
let factoryOps: typeof ops;
let terminalId: string;

beforeAll(async () => {
  h = await startHarness();
  const doc = h.app.swagger() as Parameters<typeof operationsOf>[0];
  ops = operationsOf(doc).flatMap((op) => {
    const url = op.path.replace(/\{(\w+)\}/g, ':$1');
    const access = h.app.routeAccess.get(`${op.method} ${url}`);
    return access ? [{ op, access }] : [];
  });
  factoryOps = ops.filter(({ access }) => 'permission' in access && [access.permission].flat().some(isFactory));
  const [row] = await h.handle.db.select({ t: stock.terminalId }).from(stock).limit(1);
  terminalId = row.t;
});
afterAll(async () => {
  await h.close();
  await closeDatabase();
});

const isFactory = (p: string) => p.startsWith('test:');

function permitted(role: RoleValue, access: RouteAccess): boolean {
  if ('public' in access || access.permission === 'authenticated') return true;
  const wanted = typeof access.permission === 'string' ? [access.permission] : access.permission;
  const held = ROLE_PERMISSIONS[role];
  return held.includes(WILDCARD_PERMISSION) || wanted.some((p) => held.includes(p as never));
}

function requestOf(op: Operation, hints: Hints) {
  let url = op.path.replace(/\{(\w+)\}/g, (_, name: string) => String(plausible(op.params[name] ?? {}, name, hints)));
  const query = Object.entries(op.query).map(
    ([k, s]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(plausible(s, k, hints)))}`,
  );
  if (query.length) url += `?${query.join('&')}`;
  const body = op.body ? JSON.stringify(plausible(op.body, '', hints)) : undefined;
  return { url, body };
}

describe('factory roles x routes on the server', () => {
  it('covers the factory routes', () => {
    // The back office's parts each add their routes; this guards against the list being empty.
    expect(factoryOps.length).toBeGreaterThan(20);
  });

  for (const username of [...FACTORY_ACCOUNTS, ...RESELLER_ACCOUNTS]) {
    it(`${username}: 403 exactly on the routes its role does not hold`, async () => {
      const token = await h.login(username);
      const userId = await h.idOf(username);
      const [{ role }] = await h.handle.db
        .select({ role: users.role })
        .from(users)
        .where(eq(users.id, userId));
      const checked = FACTORY_ACCOUNTS.includes(username) ? ops : factoryOps;
      const hints: Hints = { terminalId, userId, username, today: new Date().toISOString().slice(0, 10) };
      const wrong: string[] = [];
      for (const { op, access } of checked) {
        if ('public' in access) continue;
        const allowed = permitted(role as RoleValue, access);
        if (allowed && SELF_ENDING.test(op.path)) continue;
        const { url, body } = requestOf(op, hints);
        const r = await h.app.inject({
          method: op.method,
          url,
          payload: body,
          headers: {
            authorization: `Bearer ${token}`,
            ...(body != null ? { 'content-type': 'application/json' } : {}),
          },
        });
        const what = `${op.method} ${op.path}: ${r.statusCode}`;
        if (r.statusCode === 401) throw new Error(`${what}: the session ended; add the route to SELF_ENDING`);
        if (r.statusCode >= 500) wrong.push(`${what} (server error)`);
        else if (allowed && r.statusCode === 403 && r.json().meta?.message === '9906')
          wrong.push(`${what} (refused, but the role holds it)`);
        else if (!allowed && r.statusCode !== 403) wrong.push(`${what} (served, but the role lacks it)`);
      }
      expect(wrong).toEqual([]);
    });
  }
});
