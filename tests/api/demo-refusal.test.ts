import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/domain/messages';
import { closeDatabase, startHarness, type Harness } from './harness';

/**
 * The demo account meets ONE refusal text whatever it tries to change (issue 32): every write
 * route it may reach answers 403 with the key demoForbidden and its text, the command routes
 * and the API-key routes included (they used to answer "Experience accounts cannot use this
 * function" or "This account cannot have API keys").
 */
let h: Harness;
let demo: string;

beforeAll(async () => {
  h = await startHarness();
  demo = await h.login('demo');
});
afterAll(async () => {
  await h.close();
  await closeDatabase();
});

const ONE_REFUSAL = { success: false, key: 'demoForbidden', message: MESSAGES.demoForbidden };

describe('the demo account', () => {
  it('meets the same refusal on the writes of every page it sees', async () => {
    const writes: [string, object][] = [
      ['/api/command/sendCommand', { terminalID: '13799703583', content: 'WHERE#' }],
      ['/api/command/insertOffline', { terminalID: '13799703583', content: 'WHERE#' }],
      ['/api/command/multipleCmd', { terminalIDs: ['13799703583'], content: 'WHERE#', batchId: 'demo-1' }],
      ['/api/command/saveOrderCommand', { name: 'x', content: 'WHERE#' }],
      ['/api/user/updateUser', { id: await h.idOf('demo'), nickname: 'x' }],
      ['/api/deviceAlarms/upDateDeviceAlarm', { all: true, read: true }],
      ['/api/apikey/add', { name: 'mine', scope: 'read' }],
    ];
    for (const [url, body] of writes) {
      const r = await h.post(url, body, demo);
      expect([r.status, r.meta], url).toEqual([403, expect.objectContaining(ONE_REFUSAL)]);
    }
  });

  it('is refused with demoForbidden, and nothing else, by every write route open to it', async () => {
    const seen: string[] = [];
    for (const [route, access] of h.app.routeAccess) {
      if ('public' in access || !access.write) continue;
      const [method, url] = route.split(' ');
      // /api/v1 takes API keys, which the demo cannot have (refused above).
      if (url.startsWith('/api/v1/') || (method !== 'POST' && method !== 'GET')) continue;
      const path = url.replace(/:(\w+)/g, '1');
      const r = method === 'POST' ? await h.post(path, {}, demo) : await h.get(path, demo);
      // A route of a permission the demo lacks answers 9906 before the demo rule applies.
      if (r.meta.message === '9906') continue;
      seen.push(route);
      expect([r.status, r.meta.key], route).toEqual([403, 'demoForbidden']);
    }
    expect(seen.length).toBeGreaterThan(40);
  });
});
