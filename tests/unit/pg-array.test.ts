import { describe, expect, it } from 'vitest';
import { pgArray } from '../../server/ingest/pg-array';

describe('pgArray', () => {
  it('writes numbers, booleans and NULLs', () => {
    expect(pgArray([1, 2.5, -3, null, undefined, Number.NaN])).toBe('{1,2.5,-3,NULL,NULL,NULL}');
    expect(pgArray([true, false, null])).toBe('{t,f,NULL}');
    expect(pgArray([])).toBe('{}');
  });
  it('leaves plain words and ISO times bare and quotes everything else', () => {
    expect(pgArray(['gps', '2026-11-22T09:00:00.000Z'])).toBe('{gps,2026-11-22T09:00:00.000Z}');
    expect(pgArray(['a b', 'x,y', '{"k":"v\\\\"}', 'null', ''])).toBe(
      '{"a b","x,y","{\\"k\\":\\"v\\\\\\\\\\"}","null",""}',
    );
  });
});
