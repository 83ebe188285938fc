import { Type } from 'typebox';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../../src/domain/constants';

/** The API envelope (design.md decision 2): `{meta: {success, code, message, key?}, data}`. */
export interface Meta {
  success: boolean;
  code: number;
  message: string;
  key?: string;
}
export interface Envelope<T = unknown> {
  meta: Meta;
  data: T;
}

export function ok<T>(data: T, message = 'success'): Envelope<T> {
  return { meta: { success: true, code: 200, message }, data };
}

export function fail(code: number, message: string, key?: string, data: unknown = null): Envelope {
  return { meta: { success: false, code, message, ...(key ? { key } : {}) }, data };
}

export const PageQuery = {
  pageNum: Type.Optional(Type.Integer({ minimum: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGE_SIZE_MAX })),
};

export interface PageParams {
  pageNum?: number;
  pageSize?: number;
}

/** LIMIT and OFFSET of a page request (page size 15 unless asked, at most 100). */
export function pageWindow(q: PageParams) {
  const size = Math.min(q.pageSize ?? PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX);
  return { limit: size, offset: ((q.pageNum ?? 1) - 1) * size };
}

export const IdBody = Type.Object({ id: Type.Integer({ minimum: 1 }) });
