import { Bar, Column, Line, Pie } from '@ant-design/plots';
import { Card, Empty, theme } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { EntityDescriptor, ReportChart as ChartSpec } from '../../resources/types';
import { chartPoints } from './reportLogic';

const HEIGHT = 280;
const isDay = (v: unknown) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);

/** The report's chart (G2 on a canvas): columns, bars or a line by x, or a pie of categories. */
export default function ReportChart({
  entity,
  chart,
  answer,
  request,
}: {
  entity: EntityDescriptor;
  chart: ChartSpec;
  answer: Record<string, unknown>;
  /** The request the answer is for (its range, for charts per day). */
  request: Record<string, unknown>;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const data = useMemo(
    () => chartPoints(entity, chart, answer, t, request),
    [entity, chart, answer, t, request],
  );
  const series = data.some((p) => p.series !== undefined);
  // Categories whose options carry tag colours (levels, statuses) keep them in the chart.
  const tokens = token as unknown as Record<string, string>;
  const colored = data.length > 0 && data.every((p) => p.color);
  const colorScale = colored
    ? {
        color: {
          domain: data.map((p) => p.x),
          range: data.map((p) => tokens[p.color!] ?? token.colorTextQuaternary),
        },
      }
    : undefined;
  const yTitle = chart.yLabelKey ? t(`${entity.namespace}:${chart.yLabelKey}`) : false;
  // Bars get room for every label: one bar per row of the page.
  const height = chart.type === 'bar' ? Math.max(HEIGHT, data.length * 24 + 60) : HEIGHT;
  const common = { data, height, autoFit: true, animate: false, scale: colorScale };
  const xy = {
    ...common,
    xField: 'x',
    yField: 'y',
    ...(series ? { colorField: 'series', stack: true } : colored ? { colorField: 'x' } : {}),
    axis: {
      // Days as MM-DD: 90 of them must fit under the columns.
      x: { title: false, labelFormatter: (v: string) => (isDay(v) ? v.slice(5) : v), labelAutoHide: true },
      y: { title: yTitle, titleFontSize: 11 },
    },
    legend: series ? undefined : false,
  };

  let body;
  if (data.length === 0)
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} style={{ height: HEIGHT - 40, paddingTop: 60 }} />;
  else if (chart.type === 'pie')
    body = (
      <Pie
        {...common}
        angleField="y"
        colorField="x"
        radius={0.8}
        innerRadius={0.5}
        label={{ text: 'y', position: 'outside', transform: [{ type: 'overlapDodgeY' }] }}
        legend={{ color: { position: 'bottom', layout: { justifyContent: 'center' } } }}
      />
    );
  else if (chart.type === 'bar') body = <Bar {...xy} />;
  else if (chart.type === 'line') body = <Line {...xy} />;
  else body = <Column {...xy} />;

  return (
    <Card size="small" title={t(`${entity.namespace}:${chart.titleKey}`)} data-testid="report-chart">
      {body}
    </Card>
  );
}
