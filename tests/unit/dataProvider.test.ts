import { afterEach, describe, expect, it, vi } from 'vitest';
import { dataProvider, filtersToFields } from '../../src/providers/dataProvider';
import { ApiError, isSessionExpiredError, request } from '../../src/providers/http';

type Call = { url: string; init: RequestInit };
const calls: Call[] = [];

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
}

afterEach(() => {
  calls.length = 0;
  vi.unstubAllGlobals();
});

describe('data provider over the envelope', () => {
  it('posts {pageNum, pageSize, ...filters} and reads {list, total}', async () => {
    answer(200, {
      meta: { success: true, code: 200, message: 'success' },
      data: { list: [{ id: 1 }], total: 31 },
    });
    const res = await dataProvider.getList({
      resource: 'deviceList',
      pagination: { currentPage: 3, pageSize: 10 },
      filters: [
        { field: 'terminalID', operator: 'eq', value: '8600' },
        { field: 'state', operator: 'eq', value: '' },
      ],
      meta: { endpoints: { list: '/device/list' } },
    });
    expect(res).toEqual({ data: [{ id: 1 }], total: 31 });
    expect(calls[0].url).toBe('/api/device/list');
    expect(calls[0].init.method).toBe('POST');
    expect(JSON.parse(calls[0].init.body as string)).toEqual({
      pageNum: 3,
      pageSize: 10,
      terminalID: '8600',
    });
  });

  it('defaults to page 1 of 15 and the resource name as the path', async () => {
    answer(200, { meta: { success: true, code: 200, message: 'success' }, data: { list: [], total: 0 } });
    await dataProvider.getList({ resource: 'fence' });
    expect(calls[0].url).toBe('/api/fence/list');
    expect(JSON.parse(calls[0].init.body as string)).toEqual({ pageNum: 1, pageSize: 15 });
  });

  it('turns a failed envelope into an ApiError carrying meta.key', async () => {
    answer(400, {
      meta: { success: false, code: 400, message: 'This user name is already in use', key: 'usernameTaken' },
      data: null,
    });
    const err = await request('/user/insertUser', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).statusCode).toBe(400);
    expect((err as ApiError).key).toBe('usernameTaken');
    expect(isSessionExpiredError(err)).toBe(false);
  });

  it('recognises an expired session by HTTP 401 or meta.message 9902', async () => {
    answer(401, { meta: { success: false, code: 401, message: '9902' }, data: null });
    expect(isSessionExpiredError(await request('/user/findById', { id: 1 }).catch((e: unknown) => e))).toBe(
      true,
    );
    answer(200, { meta: { success: false, code: 401, message: '9902' }, data: null });
    expect(isSessionExpiredError(await request('/user/findById', { id: 1 }).catch((e: unknown) => e))).toBe(
      true,
    );
  });

  it('reports a body that is not an envelope as the network problem', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>', { status: 502 })),
    );
    const err = (await request('/x', {}).catch((e: unknown) => e)) as ApiError;
    expect(err.key).toBe('network');
  });

  it('sends GET calls with query parameters', async () => {
    answer(200, { meta: { success: true, code: 200, message: 'success' }, data: { ok: 1 } });
    const res = await dataProvider.custom!({
      url: '/api/device/count/list',
      method: 'get',
      query: { pageNum: 2, x: undefined },
    });
    expect(res.data).toEqual({ ok: 1 });
    expect(calls[0].url).toBe('/api/device/count/list?pageNum=2');
    expect(calls[0].init.method).toBe('GET');
  });
});

describe('filters', () => {
  it('keeps equality fields with a value', () => {
    expect(
      filtersToFields([
        { field: 'a', operator: 'eq', value: 0 },
        { field: 'b', operator: 'eq', value: null },
      ]),
    ).toEqual({ a: 0 });
    expect(filtersToFields(undefined)).toEqual({});
  });
});
