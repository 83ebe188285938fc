import { asc, desc, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { devices } from '../../db/schema/devices';
import { badField } from '../../lib/errors';

/**
 * Keyset paging of the device list: a page is found by the sort key of a row next to it
 * (`WHERE (col, id) < (v, id) ORDER BY col, id LIMIT n`), so page 60,000 costs what page 1
 * costs, where OFFSET would walk every row before it. A cursor names one row by its sort value
 * (as PostgreSQL's text, which casts back without losing the microseconds of a timestamp) and
 * id; it stays valid if that row changes or goes. Nulls sort as PostgreSQL sorts them: first
 * when descending, last when ascending, so reading backwards is reading forwards in the other
 * direction.
 */
export const ORDER_COLUMNS = {
  id: { col: devices.id, cast: null, nullable: false },
  terminalID: { col: devices.terminalId, cast: 'varchar', nullable: false },
  platformExpireAt: { col: devices.platformExpireAt, cast: 'timestamptz', nullable: true },
  lastOnlineAt: { col: devices.lastOnlineAt, cast: 'timestamptz', nullable: true },
  createdAt: { col: devices.createdAt, cast: 'timestamptz', nullable: false },
} as const satisfies Record<string, { col: AnyPgColumn; cast: string | null; nullable: boolean }>;
export type OrderKey = keyof typeof ORDER_COLUMNS;
export type Direction = 'asc' | 'desc';

export interface Sort {
  orderBy?: OrderKey;
  order?: Direction;
}

/** One row's place in the order: its sort value as text (null for the id order or a null value). */
export interface Position {
  v: string | null;
  id: number;
}

const keyOf = (s: Sort): OrderKey => s.orderBy ?? 'id';
const dirOf = (s: Sort): Direction => s.order ?? 'desc';
export const reverse = (d: Direction): Direction => (d === 'asc' ? 'desc' : 'asc');

/** ORDER BY of a list in direction `dir`: the chosen column, then id so pages never overlap. */
export function orderSql(s: Sort, dir = dirOf(s)): SQL[] {
  const by = dir === 'asc' ? asc : desc;
  const { col } = ORDER_COLUMNS[keyOf(s)];
  return col === devices.id ? [by(devices.id)] : [by(col), by(devices.id)];
}

/** The sort value of a row as text, selected beside the row to build its cursor. */
export function sortValueSql(s: Sort): SQL<string | null> {
  const { col } = ORDER_COLUMNS[keyOf(s)];
  return col === devices.id ? sql<null>`null::text` : sql<string | null>`${col}::text`;
}

/**
 * The rows after `p` when reading in direction `dir` (`inclusive`: `p` itself too). Row
 * comparisons on (col, id) are what a btree on the sort column can seek to.
 */
export function seekSql(s: Sort, dir: Direction, p: Position, inclusive = false): SQL {
  const { col, cast, nullable } = ORDER_COLUMNS[keyOf(s)];
  const op = sql.raw(dir === 'desc' ? (inclusive ? '<=' : '<') : inclusive ? '>=' : '>');
  if (col === devices.id) return sql`${devices.id} ${op} ${p.id}`;
  const value = sql`${p.v}::${sql.raw(cast!)}`;
  if (p.v === null) {
    // Among the nulls only ids go on; descending, every non-null row still follows them.
    const nulls = sql`(${col} IS NULL AND ${devices.id} ${op} ${p.id})`;
    return dir === 'desc' ? sql`(${nulls} OR ${col} IS NOT NULL)` : nulls;
  }
  const after = sql`(${col}, ${devices.id}) ${op} (${value}, ${p.id}::int)`;
  // Ascending, the nulls come last: after every non-null value.
  return nullable && dir === 'asc' ? sql`(${after} OR ${col} IS NULL)` : after;
}

/** A cursor for the client: the order it belongs to and the row's position, base64url JSON. */
export function encodeCursor(s: Sort, p: Position): string {
  return Buffer.from(JSON.stringify([keyOf(s), dirOf(s), p.v, p.id])).toString('base64url');
}

/** The position a cursor names; a cursor of another order, or no cursor at all, is refused. */
export function decodeCursor(text: string, s: Sort, field: string): Position {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    parsed = null;
  }
  if (
    Array.isArray(parsed) &&
    parsed.length === 4 &&
    parsed[0] === keyOf(s) &&
    parsed[1] === dirOf(s) &&
    (parsed[2] === null || typeof parsed[2] === 'string') &&
    Number.isSafeInteger(parsed[3])
  ) {
    const v = parsed[2] as string | null;
    // The id order carries no value, and a non-null column never has a null one.
    const { col, nullable } = ORDER_COLUMNS[keyOf(s)];
    if ((col === devices.id) === (v === null) || (v === null && nullable))
      return { v, id: parsed[3] as number };
  }
  throw badField('validationFailed', field);
}
