import { Alert, App, Button, Card, Descriptions, Form, Space, Table } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../i18n/errorText';
import { requestFile } from '../../providers/dataProvider';
import { request } from '../../providers/http';
import type { EntityDescriptor, FormView, ResourceDescriptor } from '../../resources/types';
import type { SheetFormat } from '../../sheets';
import { CellValue } from './CellValue';
import { columnSpecs, initialValues, requestBody } from './derive';
import { saveBlob, saveSheet } from './files';
import { FormActions } from './FormActions';
import { formItems } from './formItems';
import { useAccounts } from './useAccounts';
import { WriteGuard } from '../WriteGuard';
import { formWrites } from './writes';

type Row = Record<string, unknown>;

/** Default reshaping: a list answer gives its rows, anything else is the record itself. */
function shape(view: FormView, data: unknown): { rows: Row[]; missing: string[] } {
  const picked = view.pick ? view.pick(data) : data;
  const o = (picked ?? {}) as Row;
  const rows = Array.isArray(picked) ? picked : Array.isArray(o.list) ? (o.list as Row[]) : [o];
  return { rows, missing: Array.isArray(o.missing) ? (o.missing as string[]) : [] };
}

/** A form whose answer shows below it: done, a record, a table (with export), or a file. */
export function FormScreen({
  resource,
  entity,
  view,
}: {
  resource: ResourceDescriptor;
  entity: EntityDescriptor;
  view: FormView;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<{ rows: Row[]; missing: string[] } | null>(null);
  const [error, setError] = useState<unknown>(null);
  const { map: accounts } = useAccounts();
  const specs = columnSpecs(entity, view.columns ?? []);

  // A settings form opens with the stored values, and can be edited once they are in: a change
  // made to the defaults before the stored values arrive would be overwritten by them.
  const [loadingStored, setLoadingStored] = useState(Boolean(view.load));
  useEffect(() => {
    if (!view.load) return;
    let live = true;
    setLoadingStored(true);
    request<Row>(view.load, {})
      .then((data) => live && form.setFieldsValue(initialValues(entity, view.fields, data ?? {})))
      .catch((err: unknown) => live && setError(err))
      .finally(() => live && setLoadingStored(false));
    return () => {
      live = false;
    };
  }, [view, entity, form]);

  const submit = async (values: Row) => {
    const body = requestBody(entity, view.fields, values);
    setBusy(true);
    setError(null);
    try {
      if (view.result === 'download') {
        const format = String(body.format ?? 'xlsx');
        const file = await requestFile(view.endpoint, body, `${view.fileName ?? resource.name}.${format}`);
        saveBlob(file.blob, file.fileName);
      } else {
        const data = await request(view.endpoint, body);
        if (view.result === 'message') message.success(t('device:generic.done'));
        else setAnswer(shape(view, data));
      }
    } catch (err) {
      setAnswer(null);
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  const exportRows = (format: SheetFormat) =>
    saveSheet(
      specs.map((s) => ({ key: s.name, header: t(s.titleKey), width: s.width ? s.width / 7 : 18 })),
      (answer?.rows ?? []).map((r) =>
        Object.fromEntries(
          specs.map((s) => [
            s.name,
            Array.isArray(r[s.name]) ? (r[s.name] as unknown[]).join(' / ') : r[s.name],
          ]),
        ),
      ),
      format,
      view.fileName ?? resource.name,
    );

  return (
    <Card title={t(`menu:${resource.labelKey}`)} data-testid={`form-${resource.name}`}>
      <Form
        form={form}
        layout="vertical"
        initialValues={initialValues(entity, view.fields)}
        disabled={loadingStored}
        onFinish={(v) => void submit(v)}
        style={{ maxWidth: 720 }}
      >
        {formItems(entity, view.fields, t)}
        <WriteGuard write={formWrites(view)}>
          <Button type="primary" htmlType="submit" loading={busy} data-testid="form-submit">
            {t(
              view.submitKey
                ? `${entity.namespace}:${view.submitKey}`
                : view.result === 'download'
                  ? 'device:generic.export'
                  : view.result === 'message'
                    ? 'device:generic.submit'
                    : 'device:generic.search',
            )}
          </Button>
        </WriteGuard>
      </Form>
      {view.actions?.length ? <FormActions entity={entity} actions={view.actions} form={form} /> : null}
      {error ? (
        <Alert
          style={{ marginTop: 16 }}
          type="error"
          showIcon
          message={errorText(error)}
          data-testid="form-error"
        />
      ) : null}
      {answer && view.result === 'record' ? (
        <Descriptions style={{ marginTop: 16 }} bordered size="small" column={2} data-testid="form-record">
          {specs.map((s) => (
            <Descriptions.Item key={s.name} label={t(s.titleKey)}>
              <CellValue
                entity={entity}
                spec={s}
                value={answer.rows[0]?.[s.name]}
                row={answer.rows[0]}
                accounts={accounts}
              />
            </Descriptions.Item>
          ))}
        </Descriptions>
      ) : null}
      {answer && view.result === 'table' ? (
        <Space direction="vertical" style={{ width: '100%', marginTop: 16 }}>
          {answer.missing.length > 0 ? (
            <Alert
              type="warning"
              showIcon
              message={t('device:generic.missing', { list: answer.missing.join(', ') })}
            />
          ) : null}
          <Space>
            <Button icon={<DownloadOutlined />} onClick={() => void exportRows('xlsx')}>
              {t('device:generic.export')} (xlsx)
            </Button>
            <Button icon={<DownloadOutlined />} onClick={() => void exportRows('csv')}>
              {t('device:generic.export')} (csv)
            </Button>
          </Space>
          <Table<Row>
            size="small"
            rowKey={view.rowKey ?? 'id'}
            dataSource={answer.rows}
            scroll={{ x: 'max-content' }}
            data-testid="form-table"
            columns={specs.map((s) => ({
              key: s.name,
              title: t(s.titleKey),
              dataIndex: s.name,
              render: (v: unknown, row: Row) => (
                <CellValue entity={entity} spec={s} value={v} row={row} accounts={accounts} />
              ),
            }))}
          />
        </Space>
      ) : null}
    </Card>
  );
}
