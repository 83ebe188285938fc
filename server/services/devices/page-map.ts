import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { devices } from '../../db/schema/devices';
import { SharedAnswers } from './count-cache';
import { orderSql, sortValueSql, type Position, type Sort } from './keyset';

/**
 * Where every page of a list starts, for a jump to page N without OFFSET: one ordered pass over
 * the matching devices (a window query, about a second for 1,000,000 of them) keeps the first
 * row of each page, and page N is then a keyset seek to its first row. Maps are shared like the
 * totals (count-cache.ts: fresh for at least 50 times their cost, refreshed behind the old one,
 * marked old by a device write through this node). From a map a few seconds old, page N starts at
 * the row that was N-th then; rows added or removed since shift later pages by as much until
 * the refresh, which is what OFFSET would also show a user paging through a list that changes.
 */
export interface PageMap {
  /** The first row of each page, page 1 first. */
  starts: Position[];
  total: number;
}

// A map of 1,000,000 rows at 15 a page holds 66,667 starts (a few MB): keep a handful. A device
// write through the node only marks them old: one edit would otherwise make the next deep page
// of every list wait for a new map (2 s at 1,000,000 devices); the totals are exact at once.
const maps = new SharedAnswers<PageMap>(32, true);

export function pageMap(db: Db, key: string, where: SQL, s: Sort, size: number): Promise<PageMap> {
  return maps.get(`${key}|${s.orderBy ?? 'id'}|${s.order ?? 'desc'}|${size}`, () =>
    buildPageMap(db, where, s, size),
  );
}

async function buildPageMap(db: Db, where: SQL, s: Sort, size: number): Promise<PageMap> {
  const { rows } = await db.execute<{ v: string | null; id: number; total: string }>(sql`
    SELECT v, id, total FROM (
      SELECT ${sortValueSql(s)} AS v, ${devices.id} AS id,
        row_number() OVER (ORDER BY ${sql.join(orderSql(s), sql`, `)}) AS rn,
        count(*) OVER () AS total
      FROM ${devices} WHERE ${where}
    ) ranked
    WHERE rn % ${size} = 1 OR ${size} = 1
    ORDER BY rn`);
  return {
    starts: rows.map((r) => ({ v: r.v, id: Number(r.id) })),
    total: Number(rows[0]?.total ?? 0),
  };
}
