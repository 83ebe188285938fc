import type { Client, Scenario } from './api-load';

/**
 * What `npm run bench:api` asks, 15 rows a page: the first page under several filters, pages
 * by number at every depth of the whole list (to the last one) and of the offline tab, clients
 * following the `next`/`prev` cursors from random places, and the agent tree. `pages` and
 * `offlinePages` are the page counts the server reported.
 */
export function apiScenarios(o: {
  agentId: number;
  fleetUserId: number;
  pages: number;
  offlinePages: number;
}): Scenario[] {
  const LIST = '/api/device/deviceListV2';
  const size = 15;
  const at = (name: string, pageNum: number, filter: object = {}): Scenario => ({
    name,
    path: LIST,
    body: () => ({ pageNum, pageSize: size, ...filter }),
    targetP99: 100,
  });
  const random = (name: string, pages: number, filter: object = {}): Scenario => ({
    name,
    path: LIST,
    body: (c) => ({ pageNum: 1 + Math.floor(c.rng() * pages), pageSize: size, ...filter }),
    targetP99: 100,
  });
  return [
    at('list: page 1', 1),
    at('list: online, expiring within 60 days, page 1', 1, { menuType: 1, expiry: 60 }),
    at('list: keyword (name prefix), page 1', 1, { keyword: '送货车' }),
    at('list: IMEI prefix keyword, page 1', 1, { keyword: '869000000123' }),
    at('list: page 50', 50),
    at(`list: page ${Math.ceil(o.pages / 2)} (middle)`, Math.ceil(o.pages / 2)),
    at(`list: page ${o.pages} (last)`, o.pages),
    random(`list: random page of 1..${o.pages}`, o.pages),
    at('list: offline, page 50', 50, { menuType: 2 }),
    random(`list: offline, random page of 1..${o.offlinePages}`, o.offlinePages, { menuType: 2 }),
    {
      name: 'list: next/prev cursors from a random page (3 next, 1 prev)',
      path: LIST,
      body: (c: Client) => {
        const step = (c.state.step as number | undefined) ?? 0;
        c.state.step = step + 1;
        // Every 20th request starts again somewhere else (by number), then walks.
        if (step % 20 === 0 || !c.state.next)
          return { pageNum: 1 + Math.floor(c.rng() * o.pages), pageSize: size };
        return step % 4 === 3
          ? { pageSize: size, before: c.state.prev }
          : { pageSize: size, after: c.state.next };
      },
      seen: (c: Client, data: unknown) => {
        const d = data as { next?: string; prev?: string };
        c.state.next = d.next;
        c.state.prev = d.prev;
      },
      targetP99: 100,
    },
    {
      name: 'agent tree: findAllUserV2',
      path: '/api/user/findAllUserV2',
      body: () => ({ id: o.agentId }),
      targetP99: 100,
    },
    {
      name: 'agentDeviceCount',
      path: '/api/user/agentDeviceCount',
      body: () => ({ userId: o.fleetUserId }),
    },
  ];
}
