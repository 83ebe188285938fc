import { sql } from 'drizzle-orm';
import { itemsText, type GpsFix, type TestItem } from '../../../src/domain/qc';
import type { SheetFormat } from '../../../src/sheets';
import type { Db } from '../../db/client';
import { pageWindow, type PageParams } from '../../lib/envelope';
import { pagedSheetExport } from '../../lib/sheet-stream';
import { resultConditions, type ResultFilter } from './search';

type Row = {
  id: number;
  terminal_id: string;
  kind: number;
  passed: boolean;
  items: TestItem[];
  gps: GpsFix | null;
  device_type: string;
  firmware_version: string;
  station: string;
  operator: string;
  tested_at: string | Date;
  passes: number;
  failures: number;
  tests: number;
  importable: boolean | null;
};

/**
 * One row per terminal: its latest result among those the filter keeps (kind, station,
 * operator, type, time range) and how many of them passed and failed; the verdict filter
 * applies to that latest result. `importable` is the stock row's test_passed.
 */
function query(f: ResultFilter, tail: ReturnType<typeof sql>) {
  const where = resultConditions(f, false);
  const verdict = f.result ? sql`WHERE l.passed = ${f.result === 'pass'}` : sql``;
  return sql`
    WITH f AS (SELECT * FROM test_results ${where ? sql`WHERE ${where}` : sql``}),
    latest AS (SELECT DISTINCT ON (terminal_id) * FROM f ORDER BY terminal_id, tested_at DESC, id DESC),
    counts AS (
      SELECT terminal_id, count(*) FILTER (WHERE passed)::int AS passes,
        count(*) FILTER (WHERE NOT passed)::int AS failures, count(*)::int AS tests
      FROM f GROUP BY terminal_id)
    SELECT l.id, l.terminal_id, l.kind, l.passed, l.items, l.gps, l.device_type, l.firmware_version,
      l.station, l.operator, l.tested_at, c.passes, c.failures, c.tests, s.test_passed AS importable
    FROM latest l JOIN counts c USING (terminal_id) LEFT JOIN stock s ON s.terminal_id = l.terminal_id
    ${verdict} ${tail}`;
}

const shape = (r: Row) => ({
  id: Number(r.id),
  terminalID: r.terminal_id,
  kind: r.kind,
  passed: r.passed,
  items: r.items,
  itemsText: itemsText(r.items),
  gps: r.gps,
  deviceType: r.device_type,
  firmwareVersion: r.firmware_version,
  station: r.station,
  operator: r.operator,
  testedAt: new Date(r.tested_at).toISOString(),
  passes: r.passes,
  failures: r.failures,
  tests: r.tests,
  importable: r.importable ?? false,
});

/** qc/search: the terminals tested, newest latest test first. */
export async function searchTerminals(db: Db, f: ResultFilter & PageParams) {
  const { limit, offset } = pageWindow(f);
  const [count, page] = await Promise.all([
    db.execute<{ total: number }>(sql`SELECT count(*)::int AS total FROM (${query(f, sql``)}) q`),
    db.execute<Row>(query(f, sql`ORDER BY l.tested_at DESC, l.id DESC LIMIT ${limit} OFFSET ${offset}`)),
  ]);
  return { list: page.rows.map(shape), total: count.rows[0]?.total ?? 0 };
}

const COLUMNS: { key: keyof ReturnType<typeof shape>; header: string; width: number }[] = [
  { key: 'terminalID', header: 'IMEI', width: 18 },
  { key: 'deviceType', header: 'Device type', width: 12 },
  { key: 'kind', header: 'Kind', width: 6 },
  { key: 'passed', header: 'Latest passed', width: 12 },
  { key: 'testedAt', header: 'Tested at', width: 22 },
  { key: 'passes', header: 'Passes', width: 8 },
  { key: 'failures', header: 'Failures', width: 8 },
  { key: 'itemsText', header: 'Items', width: 50 },
  { key: 'firmwareVersion', header: 'Firmware', width: 12 },
  { key: 'station', header: 'Station', width: 12 },
  { key: 'operator', header: 'Operator', width: 12 },
  { key: 'importable', header: 'Importable', width: 10 },
];

/** qc/export: the same terminals as an xlsx (or csv), streamed page by page. */
export async function exportTerminals(db: Db, f: ResultFilter, format: SheetFormat) {
  // A filter the database refuses fails here as a clear answer, not halfway through a download.
  await db.execute(query(f, sql`LIMIT 1`));
  return pagedSheetExport({
    format,
    sheetName: 'QC',
    columns: COLUMNS,
    fileName: 'qc',
    page: async (limit, offset) =>
      (
        await db.execute<Row>(
          query(f, sql`ORDER BY l.tested_at DESC, l.id DESC LIMIT ${limit} OFFSET ${offset}`),
        )
      ).rows.map(shape),
  });
}
