import type { BaseRecord, CrudFilter, DataProvider } from '@refinedev/core';
import { PAGE_SIZE_DEFAULT } from '../domain/constants';
import type { ResourceEndpoints } from '../resources/types';
import { API_BASE, request, responseError } from './http';
import { cursorFields, rememberCursors } from './listCursors';
import { getToken } from './session';

/** `data` of every list call (spec section 7). */
export interface ListData<T> {
  list: T[];
  total: number;
}

/** Equality filters become request fields, as the list calls expect ({pageNum, pageSize, ...filters}). */
export function filtersToFields(filters: CrudFilter[] | undefined): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const f of filters ?? []) {
    if ('field' in f && f.value !== undefined && f.value !== '' && f.value !== null)
      fields[f.field] = f.value;
  }
  return fields;
}

/** Endpoints come from the resource descriptor (refine passes its meta); these are the defaults. */
function endpoint(
  resource: string,
  meta: Record<string, unknown> | undefined,
  kind: keyof ResourceEndpoints,
): string {
  const own = (meta?.endpoints as ResourceEndpoints | undefined)?.[kind];
  const fallback = { list: 'list', one: 'findById', create: 'add', update: 'edit', delete: 'delete' }[kind];
  return own ?? `/${resource}/${fallback}`;
}

/** refine's data provider over our envelope: every call is POST JSON under /api (a list may be GET). */
export const dataProvider: DataProvider = {
  getApiUrl: () => API_BASE,

  getList: async ({ resource, pagination, filters, sorters, meta }) => {
    const pageNum = pagination?.currentPage ?? 1;
    const pageSize = pagination?.pageSize ?? PAGE_SIZE_DEFAULT;
    const sort = sorters?.[0];
    const body = {
      pageNum,
      pageSize,
      ...filtersToFields(filters),
      ...(sort ? { orderBy: sort.field, order: sort.order } : {}),
    };
    const fields = { ...body, ...((meta?.params as Record<string, unknown> | undefined) ?? {}) };
    const path = endpoint(resource, meta, 'list');
    // A GET list route (payment accounts) takes the page and the filters as its query.
    const data =
      meta?.method === 'GET'
        ? await request<ListData<BaseRecord> | BaseRecord[]>(path, undefined, {
            method: 'GET',
            query: fields as Record<string, string | number | boolean | undefined>,
          })
        : await request<ListData<BaseRecord> | BaseRecord[]>(path, {
            ...fields,
            ...cursorFields(path, fields),
          });
    if (meta?.method !== 'GET') rememberCursors(path, fields, data);
    // Some lists are whole (per-account counts): a bare array, or {list} without a total.
    const list = Array.isArray(data) ? data : data.list;
    const total = Array.isArray(data) ? data.length : (data.total ?? data.list.length);
    return { data: list as never[], total };
  },

  getOne: async ({ resource, id, meta }) => ({
    data: (await request<BaseRecord>(endpoint(resource, meta, 'one'), { id })) as never,
  }),

  create: async ({ resource, variables, meta }) => ({
    data: (await request<BaseRecord>(endpoint(resource, meta, 'create'), variables)) as never,
  }),

  update: async ({ resource, id, variables, meta }) => ({
    data: (await request<BaseRecord>(endpoint(resource, meta, 'update'), {
      ...(variables as object),
      id,
    })) as never,
  }),

  deleteOne: async ({ resource, id, meta }) => ({
    data: (await request<BaseRecord>(endpoint(resource, meta, 'delete'), { id })) as never,
  }),

  custom: async ({ url, method, payload, query }) => {
    const path = url.startsWith(API_BASE) ? url.slice(API_BASE.length) : url;
    const isGet = method === 'get';
    const data = await request<BaseRecord>(path, isGet ? undefined : (payload ?? {}), {
      method: isGet ? 'GET' : 'POST',
      query: query as Record<string, string | number | boolean | undefined> | undefined,
    });
    return { data: data as never };
  },
};

/** A file the server built (exports): the bytes and the name from Content-Disposition. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string;
  truncated: boolean;
}

/**
 * POSTs like every call but answers a file. A failure still comes as the JSON envelope, so it
 * throws the same ApiError (and its meta.key) as any other call.
 */
export async function requestFile(
  path: string,
  body: unknown,
  fallbackName: string,
): Promise<DownloadedFile> {
  const token = getToken();
  const res = await fetch(`${API_BASE}${path}`, {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body ?? {}),
  });
  const type = res.headers.get('content-type') ?? '';
  if (!res.ok || type.includes('application/json')) throw await responseError(res);
  const disposition = res.headers.get('content-disposition') ?? '';
  const named = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition)?.[1];
  return {
    blob: await res.blob(),
    fileName: named ? decodeURIComponent(named) : fallbackName,
    truncated: res.headers.get('x-export-truncated') === '1',
  };
}
