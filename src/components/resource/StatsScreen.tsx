import { DownloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Col, Form, Row as GridRow, Space, Spin, Statistic, Table } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_OPTIONS, STATISTICS_PAGE_SIZE } from '../../domain/constants';
import type { AgentTreeNode } from '../../domain/hierarchy';
import { errorText } from '../../i18n/errorText';
import { requestFile } from '../../providers/dataProvider';
import { request } from '../../providers/http';
import type { EntityDescriptor, FormView, ResourceDescriptor } from '../../resources/types';
import { CellValue } from './CellValue';
import { columnSpecs, fieldOf, initialValues, requestBody, type ColumnSpec, type Translate } from './derive';
import { saveBlob, saveSheet } from './files';
import { formItems } from './formItems';
import { cellText, pageRequest, reportColumns, resolveReport, shownRows } from './reportLogic';
import { useAccounts } from './useAccounts';
import { useScopeFields } from './useScopeFields';
import { useReportQuery } from './useReportQuery';
import { useIsPhone } from '../../hooks/useIsPhone';

// The chart library is large: the form and the table do not wait for it.
const ReportChart = lazy(() => import('./ReportChart'));

type Row = Record<string, unknown>;
interface Asked {
  values: Row;
  body: Row;
}

/**
 * A report (form view with result 'report'): the filter form, run at once with its initial
 * values; figures, a chart above or beside a table paged on the server; an xlsx of the shown
 * columns over every row of the request (or the view's server-built file).
 */
export function StatsScreen({
  resource,
  entity,
  view,
}: {
  resource: ResourceDescriptor;
  entity: EntityDescriptor;
  view: FormView;
}) {
  const { t } = useTranslation();
  const phone = useIsPhone();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const { map: accounts } = useAccounts();
  const [initial] = useState(() => initialValues(entity, view.fields));
  const fields = useScopeFields(entity, view.fields);
  const [asked, setAsked] = useState<Asked>(() => ({
    values: initial,
    body: requestBody(entity, view.fields, initial),
  }));
  const [page, setPage] = useState({ current: 1, pageSize: PAGE_SIZE_DEFAULT });
  const [exporting, setExporting] = useState(false);

  const shown = useMemo(() => resolveReport(view, asked.values), [view, asked]);
  const report = shown.report ?? {};
  const specs = useMemo(
    () => columnSpecs(entity, reportColumns(shown, asked.values)),
    [entity, shown, asked],
  );
  const body = useMemo(
    () => pageRequest(shown, asked.body, page.current, page.pageSize),
    [shown, asked, page],
  );
  const { answer, loading, error } = useReportQuery(shown.endpoint, body);
  const rows = useMemo(
    () => ((answer?.list as Row[] | undefined) ?? []).map((r, i) => ({ ...r, _key: i })),
    [answer],
  );
  const total = Number(answer?.total ?? rows.length);

  const search = (values: Row) => {
    setAsked({ values, body: requestBody(entity, view.fields, values) });
    setPage((p) => ({ ...p, current: 1 }));
  };

  const exportFile = async () => {
    setExporting(true);
    try {
      if (report.download) {
        const file = await requestFile(
          report.download.endpoint,
          asked.body,
          `${report.download.fileName}.xlsx`,
        );
        saveBlob(file.blob, file.fileName);
        if (file.truncated) message.warning(t('device:generic.exportTruncated'));
        return;
      }
      // The whole request at once unless the page on screen already holds every row.
      const all =
        page.current === 1 && rows.length >= total
          ? answer!
          : await request<Row>(shown.endpoint, pageRequest(shown, asked.body, 1, STATISTICS_PAGE_SIZE));
      const list = (all.list as Row[]) ?? [];
      if (Number(all.total ?? list.length) > list.length)
        message.warning(t('device:generic.exportTruncated'));
      await saveSheet(
        specs.map((s) => ({ key: s.name, header: t(s.titleKey), width: s.width ? s.width / 7 : 18 })),
        shownRows(entity, specs, list, t, accounts),
        'xlsx',
        resource.name,
      );
    } catch (err) {
      message.error(errorText(err));
    } finally {
      setExporting(false);
    }
  };

  const table = (
    <Card size="small" title={t(`menu:${resource.labelKey}`)}>
      <Table<Row>
        size="small"
        rowKey="_key"
        dataSource={rows}
        loading={loading}
        scroll={{ x: 'max-content' }}
        data-testid="report-table"
        columns={columnsOf(entity, specs, t, accounts)}
        onChange={(p) => setPage({ current: p.current ?? 1, pageSize: p.pageSize ?? PAGE_SIZE_DEFAULT })}
        pagination={{
          current: page.current,
          pageSize: page.pageSize,
          total,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
          showTotal: (n) => t('device:generic.totalRows', { total: n }),
        }}
      />
    </Card>
  );
  const chart =
    report.chart && answer ? (
      <Suspense fallback={<Spin style={{ display: 'block', margin: 48 }} />}>
        <ReportChart entity={entity} chart={report.chart} answer={answer} request={body} />
      </Suspense>
    ) : null;
  const placement = report.chart?.placement ?? 'above';
  const summary =
    report.summary && answer ? (
      <Card size="small" data-testid="report-summary" style={{ height: '100%' }}>
        <Space size={[48, 16]} wrap>
          {report.summary.map((s) => (
            <Statistic
              key={s.labelKey}
              title={t(`${entity.namespace}:${s.labelKey}`)}
              value={summaryText(entity, s.field, s.value(answer), t)}
            />
          ))}
        </Space>
      </Card>
    ) : null;

  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid={`report-${resource.name}`}>
      <Card size="small">
        {/* Labels above the fields on a phone: side by side they overflow 390 px. */}
        <Form
          form={form}
          layout={phone ? 'vertical' : 'inline'}
          initialValues={initial}
          onFinish={search}
          style={{ rowGap: 12 }}
        >
          {formItems(entity, fields, t)}
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="report-search">
              {t('device:generic.search')}
            </Button>
            <Button
              icon={<DownloadOutlined />}
              loading={exporting}
              disabled={!answer || (!report.download && total === 0)}
              onClick={() => void exportFile()}
              data-testid="report-export"
            >
              {t('device:generic.export')} (xlsx)
            </Button>
          </Space>
        </Form>
      </Card>
      {error ? <Alert type="error" showIcon message={errorText(error)} data-testid="report-error" /> : null}
      {placement === 'summary' ? (
        <GridRow gutter={[12, 12]}>
          <Col xs={24} xl={9}>
            {summary}
          </Col>
          <Col xs={24} xl={15}>
            {chart}
          </Col>
        </GridRow>
      ) : (
        summary
      )}
      {placement === 'beside' ? (
        <GridRow gutter={[12, 12]}>
          <Col xs={24} xl={8}>
            {chart}
          </Col>
          <Col xs={24} xl={16}>
            {table}
          </Col>
        </GridRow>
      ) : (
        <>
          {placement === 'above' ? chart : null}
          {table}
        </>
      )}
      {answer
        ? report.extras?.map((x) => (
            <Card key={x.titleKey} size="small" title={t(`${entity.namespace}:${x.titleKey}`)}>
              <Table<Row>
                size="small"
                rowKey={(r) => JSON.stringify(r)}
                pagination={false}
                dataSource={x.rows(answer)}
                columns={columnsOf(entity, columnSpecs(entity, x.columns), t, accounts)}
                data-testid="report-extra"
              />
            </Card>
          ))
        : null}
    </Space>
  );
}

function columnsOf(
  entity: EntityDescriptor,
  specs: readonly ColumnSpec[],
  t: Translate,
  accounts: Map<number, AgentTreeNode>,
) {
  return specs.map((s) => ({
    key: s.name,
    dataIndex: s.name,
    title: t(s.titleKey),
    width: s.width,
    render: (v: unknown) => <CellValue entity={entity} spec={s} value={v} accounts={accounts} />,
  }));
}

/** A summary figure, shown with its field's format when it names one. */
function summaryText(entity: EntityDescriptor, field: string | undefined, value: unknown, t: Translate) {
  if (!field) return value == null ? '-' : String(value);
  return String(cellText(entity, { field: fieldOf(entity, field) }, value, t, undefined, '-'));
}
