import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { hasAnyPermission } from '../../../src/domain/ability';
import {
  exportRangeDays,
  STATS_PAGE_SIZE,
  type ExportRange,
  type StatsReport,
} from '../../../src/domain/track';
import { SHEET_MIME, xlsxValue } from '../../../src/sheets';
import type { Db } from '../../db/client';
import { forbidden } from '../../lib/errors';
import type { AuthContext } from '../../plugins/auth';
import { REPORTS, type ReportQuery } from './reports';

/**
 * A statistics report as xlsx: every row of the request (paging aside) up to the statistics
 * page size, x-export-truncated when there were more. countExport takes a range instead of
 * dates: the last week, month or three months ending today.
 */
export interface StatsExportQuery extends ReportQuery {
  report: StatsReport;
}

export async function exportReport(db: Db, auth: AuthContext, q: StatsExportQuery) {
  const def = REPORTS[q.report];
  if (!hasAnyPermission(auth.ability, [def.permission])) throw forbidden();
  const cap = exportCap();
  const { list } = await def.rows(db, auth, { ...q, pageNum: 1, pageSize: cap + 1 });
  const truncated = list.length > cap;
  const out = new PassThrough();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
  });
  const ws = wb.addWorksheet(def.title);
  const cols = def.columns(q);
  ws.columns = cols.map(([header, width], i) => ({ key: `c${i}`, header, width }));
  const write = async () => {
    for (const r of list.slice(0, cap)) ws.addRow(cols.map(([, , value]) => xlsxValue(value(r)))).commit();
    ws.commit();
    await wb.commit();
  };
  void write().catch((err: Error) => out.destroy(err));
  const span = q.startDate && q.endDate ? `-${q.startDate}-${q.endDate}` : '';
  return { stream: out, mime: SHEET_MIME.xlsx, filename: `${q.report}${span}.xlsx`, truncated };
}

export function exportCap(): number {
  const env = Number(process.env.STATS_EXPORT_MAX_ROWS);
  return Number.isInteger(env) && env > 0 ? env : STATS_PAGE_SIZE;
}

/** countExport: the report over an export range ending today. */
export function exportRange(db: Db, auth: AuthContext, q: StatsExportQuery & { range: ExportRange }) {
  return exportReport(db, auth, { ...q, ...exportRangeDays(q.range, Date.now()) });
}
