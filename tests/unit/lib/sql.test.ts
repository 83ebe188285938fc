import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { devices } from '../../../server/db/schema/devices';
import { containsPattern, idArray, inIds, prefixPattern } from '../../../server/lib/sql';

const render = (s: Parameters<PgDialect['sqlToQuery']>[0]) => new PgDialect().sqlToQuery(s);

describe('SQL helpers', () => {
  it('sends any number of ids as one array parameter', () => {
    const ids = Array.from({ length: 51 }, (_, i) => i + 1);
    const q = render(inIds(devices.userId, ids));
    expect(q.sql).toBe('"devices"."user_id" = ANY($1::int[])');
    expect(q.params).toEqual([`{${ids.join(',')}}`]);
  });

  it('compares one id directly, and matches nothing for none', () => {
    const one = render(inIds(devices.userId, [7]));
    expect([one.sql, one.params]).toEqual(['"devices"."user_id" = $1', [7]]);
    expect(render(inIds(devices.userId, [])).params).toEqual(['{}']);
  });

  it('writes ids and rows as an array literal', () => {
    expect(idArray([1, { id: 2 }, 3])).toBe('{1,2,3}');
  });

  it("takes the user's % and _ literally in LIKE patterns", () => {
    expect(containsPattern('a%b_c')).toBe('%a\\%b\\_c%');
    expect(prefixPattern('10%')).toBe('10\\%%');
  });
});
