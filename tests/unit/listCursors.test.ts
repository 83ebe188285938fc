import { afterEach, describe, expect, it, vi } from 'vitest';
import { dataProvider } from '../../src/providers/dataProvider';

/** The table's next/previous buttons page by the cursors a list answers (src/providers/listCursors.ts). */
const bodies: Record<string, unknown>[] = [];

function answer(data: object) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      bodies.push(JSON.parse(init.body as string));
      return new Response(JSON.stringify({ meta: { success: true, code: 200, message: 'success' }, data }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
}

const list = (currentPage: number, state?: number) =>
  dataProvider.getList({
    resource: 'deviceListV2',
    pagination: { currentPage, pageSize: 15 },
    filters: state === undefined ? [] : [{ field: 'state', operator: 'eq', value: state }],
    meta: { endpoints: { list: '/device/deviceListV2' } },
  });

afterEach(() => {
  bodies.length = 0;
  vi.unstubAllGlobals();
});

describe('list cursors', () => {
  it('asks the next and the previous page by cursor, any other page by number', async () => {
    answer({ list: [], total: 900, next: 'N7', prev: 'P7' });
    await list(7);
    await list(8);
    await list(7);
    await list(20);
    await list(21, 2);
    await list(2);
    await list(1);
    expect(bodies).toEqual([
      { pageNum: 7, pageSize: 15 },
      { pageNum: 8, pageSize: 15, after: 'N7' },
      { pageNum: 7, pageSize: 15, before: 'P7' },
      { pageNum: 20, pageSize: 15 },
      // Other filters: another list, by number.
      { pageNum: 21, pageSize: 15, state: 2 },
      { pageNum: 2, pageSize: 15 },
      // Page 1 by number, so rows added on top since show.
      { pageNum: 1, pageSize: 15 },
    ]);
  });

  it('pages by number where the list answers no cursors', async () => {
    answer({ list: [], total: 900 });
    await list(30);
    await list(31);
    expect(bodies).toEqual([
      { pageNum: 30, pageSize: 15 },
      { pageNum: 31, pageSize: 15 },
    ]);
  });
});
