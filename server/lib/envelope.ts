import { Body, Id, Paging } from './schema/primitives';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../../src/domain/constants';

/** The API envelope (design.md decision 2): `{meta: {success, code, message, key?}, data}`. */
export interface Meta {
  success: boolean;
  code: number;
  message: string;
  key?: string;
  /** Values the key's text names, e.g. {field: 'username', limit: 64}. */
  params?: Record<string, unknown>;
}
export interface Envelope<T = unknown> {
  meta: Meta;
  data: T;
}

export function ok<T>(data: T, message = 'success'): Envelope<T> {
  return { meta: { success: true, code: 200, message }, data };
}

export function fail(
  code: number,
  message: string,
  key?: string,
  data: unknown = null,
  params?: Record<string, unknown>,
): Envelope {
  return {
    meta: { success: false, code, message, ...(key ? { key } : {}), ...(params ? { params } : {}) },
    data,
  };
}

/** pageNum and pageSize of a list request (the bounded primitives' Paging). */
export const PageQuery = Paging;

export interface PageParams {
  pageNum?: number;
  pageSize?: number;
}

/** LIMIT and OFFSET of a page request (page size 15 unless asked, at most 100). */
export function pageWindow(q: PageParams) {
  const size = Math.min(q.pageSize ?? PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX);
  return { limit: size, offset: ((q.pageNum ?? 1) - 1) * size };
}

export const IdBody = Body({ id: Id() });
