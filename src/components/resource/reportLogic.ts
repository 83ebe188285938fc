/**
 * Pure parts of the report screens (result 'report' of a form view): which view and columns a
 * request shows, the text of a cell (the same in the table and in the xlsx), the request of a
 * page, and the points of the chart. No React here, so the unit tests run them in node.
 */
import type { AgentTreeNode } from '../../domain/hierarchy';
import type { EntityDescriptor, FormView, ReportChart } from '../../resources/types';
import { formatDateTime } from '../../domain/date-format';
import { daysFrom } from '../../domain/track/days';
import { fieldOf, optionText, type ColumnSpec, type Translate } from './derive';

type Row = Record<string, unknown>;

/** The view a request is shown with: a variant chosen by a form value keeps the outer form. */
export function resolveReport(view: FormView, values: Row): FormView {
  const variants = view.report?.variants;
  const inner = variants ? variants.views[String(values[variants.field])] : undefined;
  if (!variants || !inner) return view;
  const outer = view.report!;
  return {
    ...inner,
    fields: view.fields,
    report: {
      ...inner.report,
      variants: undefined,
      request: outer.request ?? inner.report?.request,
      download: outer.download ?? inner.report?.download,
    },
  };
}

/** The columns shown for a request. */
export const reportColumns = (view: FormView, values: Row): readonly string[] =>
  view.report?.columnsFor?.(values) ?? view.columns ?? [];

/** The body of one page of the report. */
export function pageRequest(view: FormView, body: Row, pageNum: number, pageSize: number): Row {
  const shaped = view.report?.request ? view.report.request(body) : body;
  return { ...shaped, pageNum, pageSize };
}

/**
 * A value as shown: the field's own format, dates on the account's clock, enums by label, accounts by
 * name; numbers stay numbers (so a spreadsheet can sum them). Empty values give `empty`.
 */
export function cellText(
  entity: EntityDescriptor,
  spec: Pick<ColumnSpec, 'field' | 'options'>,
  value: unknown,
  t: Translate,
  accounts?: Map<number, AgentTreeNode>,
  empty = '',
): string | number {
  if (value === null || value === undefined || value === '') return empty;
  const { field } = spec;
  if (field.format) return field.format(value);
  if (Array.isArray(value)) return value.join(' / ');
  // Dates as every screen writes them, on the account's clock (a bare day stays the day it names).
  if (field.type === 'date' && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  if (field.type === 'datetime' || field.type === 'date')
    return formatDateTime(value as string | number, field.type === 'date' ? 'date' : 'minute');
  if (field.type === 'boolean') return t(value ? 'device:generic.yes' : 'device:generic.no');
  if (field.type === 'account') return accounts?.get(Number(value))?.username ?? String(value);
  const option = spec.options?.get(value as string | number);
  if (option) return optionText(entity, option, t);
  return typeof value === 'number' ? value : String(value);
}

/** Rows as the table shows them, keyed by column name, for the spreadsheet. */
export function shownRows(
  entity: EntityDescriptor,
  specs: readonly ColumnSpec[],
  rows: readonly Row[],
  t: Translate,
  accounts?: Map<number, AgentTreeNode>,
): Row[] {
  return rows.map((r) =>
    Object.fromEntries(specs.map((s) => [s.name, cellText(entity, s, r[s.name], t, accounts)])),
  );
}

/** The chart's points with x labelled (and coloured) by the options of `xField` (alarm types, levels). */
export function chartPoints(
  entity: EntityDescriptor,
  chart: ReportChart,
  answer: Row,
  t: Translate,
  request: Row = {},
): { x: string; y: number; series?: string; color?: string }[] {
  // The days the answer says it covers (none after the account's today), else those asked.
  const days = (answer.period as Row | undefined) ?? request;
  const points = chart.everyDay ? withEveryDay(chart.points(answer), days) : chart.points(answer);
  if (!chart.xField) return points;
  const options = new Map((fieldOf(entity, chart.xField).options ?? []).map((o) => [String(o.value), o]));
  return points.map((p) => {
    const o = options.get(p.x);
    return o ? { ...p, x: optionText(entity, o, t), color: o.color } : p;
  });
}

/**
 * Days of the request's range that the answer leaves out (nothing happened) as zero, so a chart
 * per day shows the quiet Sunday instead of skipping it.
 */
export function withEveryDay<P extends { x: string; y: number; series?: string }>(
  points: P[],
  request: Row,
): (P | { x: string; y: number })[] {
  const { startDate, endDate } = request;
  if (typeof startDate !== 'string' || typeof endDate !== 'string' || points.some((p) => p.series))
    return points;
  const byDay = new Map(points.map((p) => [p.x, p]));
  return daysFrom(startDate, endDate).map((day) => byDay.get(day) ?? { x: day, y: 0 });
}
