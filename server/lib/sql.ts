import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/** A LIKE pattern matching `text` anywhere, with the user's own % and _ taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A LIKE pattern matching values that start with `text`, its % and _ taken literally. */
export const prefixPattern = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Ids as one array parameter: 10,000 ids would be 10,000 parameters otherwise. */
export const idArray = (list: readonly ({ id: number } | number)[]) =>
  `{${list.map((d) => (typeof d === 'number' ? d : d.id)).join(',')}}`;

/**
 * `col IN (ids)` as `col = ANY($1::int[])`: one parameter instead of one per id, so building
 * and binding the query costs the same for 50 owners as for one (the device list's hot path:
 * drizzle's per-chunk checks were a fifth of its CPU). PostgreSQL plans an unnamed statement
 * with the array's value, as it does an IN list.
 */
export const inIds = (col: AnyColumn, ids: readonly number[]): SQL =>
  ids.length === 1 ? sql`${col} = ${ids[0]}` : sql`${col} = ANY(${idArray(ids)}::int[])`;
