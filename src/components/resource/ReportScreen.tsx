import { Alert, App, Button, Card, Form, Input, Space, Statistic, Table, Tag } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseLines } from '../../domain/validators';
import { errorText } from '../../i18n/errorText';
import { request } from '../../providers/http';
import type { EntityDescriptor, ReportView, ResourceDescriptor } from '../../resources/types';
import type { SheetFormat } from '../../sheets';
import { CellValue } from './CellValue';
import { DevicePasswordsPanel } from './DevicePasswordsPanel';
import {
  columnSpecs,
  initialValues,
  labelKeyOf,
  parseRowLines,
  reportLines,
  requestBody,
  summaryOf,
  type ReportLine,
} from './derive';
import { saveSheet } from './files';
import { formItems } from './formItems';
import { WriteGuard } from '../WriteGuard';
import { ImportFileButton } from './ImportFileButton';

interface Props {
  resource: ResourceDescriptor;
  entity: EntityDescriptor;
  view: ReportView;
}

/** The view a submit uses: a variant picked by a form field replaces the endpoint, question, columns. */
function activeView(view: ReportView, values: Record<string, unknown>): ReportView {
  const variant = view.variants?.views[String(values[view.variants.field])];
  return variant ? { ...view, ...variant } : view;
}

/** An import: lines pasted or read from xlsx/csv, the import's options, then the per-line report. */
export function ReportScreen({ resource, entity, view }: Props) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  // The report's extra columns are those of the variant last submitted.
  const [extra, setExtra] = useState(view.reportColumns ?? []);
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<ReportLine[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const text = Form.useWatch(view.linesField, form) as string | undefined;
  const columns = view.rowColumns ?? ['terminalID'];

  const submit = async (values: Record<string, unknown>) => {
    const active = activeView(view, values);
    const body = requestBody(entity, active.fields, values);
    const lines = String(values[active.linesField] ?? '');
    if (active.input === 'rows') body.rows = parseRowLines(lines, columns);
    else body[active.linesField] = lines;
    if (active.confirmKey) {
      const confirmed = await modal.confirm({
        title: t(`${entity.namespace}:${active.confirmKey}`, { count: parseLines(lines).length }),
        okButtonProps: { danger: true, ...{ 'data-testid': 'report-confirm' } },
      });
      if (!confirmed) return;
    }
    setBusy(true);
    setError(null);
    try {
      setReport(reportLines(await request(active.endpoint, body)));
      setExtra(active.reportColumns ?? []);
    } catch (err) {
      setReport(null);
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  const reason = (l: ReportLine) => (l.ok ? '' : t(`errors:${l.key ?? 'network'}`));
  const download = (format: SheetFormat) =>
    saveSheet(
      [
        { key: 'line', header: t('device:generic.line'), width: 8 },
        { key: 'terminalID', header: t('device:fields.terminalID'), width: 20 },
        ...extra.map((c) => ({ key: c, header: t(labelKeyOf(entity, c)), width: 24 })),
        { key: 'status', header: t('device:generic.status'), width: 12 },
        { key: 'reason', header: t('device:generic.reason'), width: 50 },
      ],
      (report ?? []).map((l) => ({
        ...l,
        status: t(l.ok ? 'device:generic.ok' : 'device:generic.refused'),
        reason: reason(l),
      })),
      format,
      `${resource.name}-report`,
    );
  const summary = report ? summaryOf(report) : null;
  // An import answers each new device's own password, this once.
  const passwords = (report ?? []).flatMap((l) =>
    typeof l.password === 'string' ? [{ terminalID: l.terminalID, password: l.password }] : [],
  );

  return (
    <Card title={t(`menu:${resource.labelKey}`)} data-testid={`report-${resource.name}`}>
      <Form
        form={form}
        layout="vertical"
        initialValues={initialValues(entity, view.fields)}
        onFinish={(v) => void submit(v)}
        style={{ maxWidth: 720 }}
      >
        <Form.Item
          name={view.linesField}
          label={t(
            view.linesLabelKey
              ? `${entity.namespace}:${view.linesLabelKey}`
              : `device:generic.lines.${view.input === 'rows' ? 'rows' : 'imeis'}`,
          )}
          extra={t(`device:generic.linesHelp.${view.input === 'rows' ? 'rows' : 'imeis'}`, {
            columns: columns.map((c) => t(labelKeyOf(entity, c))).join(', '),
            count: parseLines(text ?? '').length,
          })}
          rules={[{ required: true, whitespace: true }]}
        >
          <Input.TextArea
            rows={10}
            style={{ fontFamily: 'monospace' }}
            spellCheck={false}
            data-testid="report-lines"
          />
        </Form.Item>
        <Form.Item>
          <ImportFileButton
            columns={columns}
            onLines={(lines) => form.setFieldValue(view.linesField, lines)}
          />
        </Form.Item>
        {formItems(entity, view.fields, t)}
        <WriteGuard>
          <Button type="primary" htmlType="submit" loading={busy} data-testid="report-submit">
            {t('device:generic.submit')}
          </Button>
        </WriteGuard>
      </Form>
      {error ? (
        <Alert
          style={{ marginTop: 16 }}
          type="error"
          showIcon
          message={errorText(error)}
          data-testid="report-error"
        />
      ) : null}
      {report && summary ? (
        <Space direction="vertical" style={{ width: '100%', marginTop: 16 }}>
          <Space size="large" data-testid="report-summary" data-ok={summary.ok} data-failed={summary.failed}>
            <Statistic title={t('device:generic.total')} value={summary.total} />
            <Statistic
              title={t('device:generic.succeeded')}
              value={summary.ok}
              valueStyle={{ color: '#3f8600' }}
            />
            <Statistic
              title={t('device:generic.failed')}
              value={summary.failed}
              valueStyle={{ color: '#cf1322' }}
            />
            <Button icon={<DownloadOutlined />} onClick={() => void download('xlsx')}>
              {t('device:generic.report')} (xlsx)
            </Button>
            <Button icon={<DownloadOutlined />} onClick={() => void download('csv')}>
              {t('device:generic.report')} (csv)
            </Button>
          </Space>
          <DevicePasswordsPanel passwords={passwords} />
          <Table<ReportLine>
            size="small"
            rowKey="line"
            data-testid="report-table"
            dataSource={report}
            pagination={{ defaultPageSize: 100, showSizeChanger: false, hideOnSinglePage: true }}
            columns={[
              { key: 'line', dataIndex: 'line', title: t('device:generic.line'), width: 70 },
              {
                key: 'terminalID',
                dataIndex: 'terminalID',
                title: t('device:fields.terminalID'),
                width: 180,
              },
              // Extra columns are drawn like list cells: enum values by their labels and colours.
              ...columnSpecs(entity, extra).map((spec) => ({
                key: spec.name,
                dataIndex: spec.name,
                title: t(spec.titleKey),
                render: (value: unknown, l: ReportLine) => (
                  <CellValue entity={entity} spec={spec} value={value} row={l} />
                ),
              })),
              {
                key: 'status',
                title: t('device:generic.status'),
                width: 100,
                render: (_: unknown, l: ReportLine) =>
                  l.ok ? (
                    <Tag color="green">{t('device:generic.ok')}</Tag>
                  ) : (
                    <Tag color="red">{t('device:generic.refused')}</Tag>
                  ),
              },
              {
                key: 'reason',
                title: t('device:generic.reason'),
                render: (_: unknown, l: ReportLine) => reason(l),
              },
            ]}
          />
        </Space>
      ) : null}
    </Card>
  );
}
