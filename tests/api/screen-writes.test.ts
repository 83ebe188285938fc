import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { viewCalls } from '../../src/components/resource/writes';
import { RESOURCES, screenParts } from '../../src/resources';
import { arrivalsList, visitsList } from '../../src/resources/areaLists';
import { NOTIFY_LISTS } from '../../src/resources/notify/lists';
import { API_KEY_LISTS } from '../../src/resources/system/apiKey';
import type { EntityView } from '../../src/resources/types';
import { closeDatabase, startHarness, type Harness } from './harness';

/**
 * The generic screens disable the buttons of calls they judge writes for the demo account
 * (src/components/resource/writes.ts). Judged by the view's kind, not the route's rule: this
 * checks the two agree, so the demo never meets a live button the server refuses, nor a
 * disabled one it would have answered.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness({}, { seed: false });
});
afterAll(async () => {
  await h.close();
  await closeDatabase();
});

/** The route rule of a call: `{field}` of a row action path is the route's `:param`. */
function accessOf(endpoint: string) {
  const path = `/api${endpoint.split('?')[0]}`;
  for (const [route, access] of h.app.routeAccess) {
    const [method, url] = route.split(' ');
    if (method !== 'POST' && method !== 'GET') continue;
    const pattern = new RegExp(`^${url.replace(/:\w+/g, '[^/]+')}$`);
    if (pattern.test(path.replace(/\{\w+\}/g, 'x'))) return access;
  }
  return undefined;
}

describe('the write buttons of the generic screens', () => {
  it('are exactly the calls the server guards as writes', async () => {
    const mismatches: string[] = [];
    let calls = 0;
    const screens: { name: string; view: EntityView }[] = [
      // Lists the hand-written pages draw with the generic list.
      ...[...NOTIFY_LISTS, ...API_KEY_LISTS, visitsList(1, 'checkArea'), arrivalsList(1)],
    ];
    for (const r of RESOURCES) {
      const parts = r.generic ? await screenParts(r.name) : undefined;
      if (parts) screens.push({ name: r.name, view: parts.view });
    }
    for (const { name, view } of screens) {
      for (const call of viewCalls(view)) {
        calls++;
        const access = accessOf(call.endpoint);
        const serverWrites = Boolean(access && 'permission' in access && access.write);
        if (!access) mismatches.push(`${name}: ${call.endpoint} has no route`);
        else if (serverWrites !== call.writes)
          mismatches.push(`${name}: ${call.endpoint} ui ${call.writes} server ${serverWrites}`);
      }
    }
    expect(mismatches).toEqual([]);
    expect(calls).toBeGreaterThan(50);
  });
});
