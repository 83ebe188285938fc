import { Alert, Button, Card, Form, Input, Space } from 'antd';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEVICE_BATCH_MAX, parseTerminalIds } from '../../domain/device-rules';
import type { BatchView, EntityDescriptor, ResourceDescriptor } from '../../resources/types';
import { BatchProgressPanel } from './BatchProgressPanel';
import { initialValues, requestBody } from './derive';
import { formItems } from './formItems';
import { WriteGuard } from '../WriteGuard';
import { ImportFileButton } from './ImportFileButton';
import { useBatchRun } from './useBatchRun';
import { useBackgroundBatch } from './useBackgroundBatch';
import { usePlanStep } from './usePlanStep';
import { errorText } from '../../i18n/errorText';
import { Link } from 'react-router';

interface Props {
  resource: ResourceDescriptor;
  entity: EntityDescriptor;
  view: BatchView;
  /** Extra content under the form, from the current values (the icon preview); may set a field. */
  renderExtra?: (
    values: Record<string, unknown>,
    setField: (name: string, value: unknown) => void,
  ) => ReactNode;
}

/** One batch operation: IMEIs pasted or read from a file, the operation's form, progress, result. */
export function BatchScreen({ resource, entity, view, renderExtra }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const values = Form.useWatch([], form) as Record<string, unknown> | undefined;
  const { state: syncState, run } = useBatchRun();
  const background = useBackgroundBatch(view.background?.cancel ?? '');
  const state = view.background ? background.state : syncState;
  const [tooMany, setTooMany] = useState(false);
  // A batch with a dry run shows what it will do and runs on Confirm (issue 32).
  const plan = usePlanStep();
  const [refusal, setRefusal] = useState<string | null>(null);
  const targetsOf = (v: Record<string, unknown> | undefined) => {
    const picked = view.pickField ? ((v?.[view.pickField] as string[] | undefined) ?? []) : [];
    return parseTerminalIds([String(v?.terminals ?? ''), ...picked].join('\n'));
  };
  const ids = targetsOf(values);
  // A screen of several operations: the chosen one's call and fields.
  const variant = view.variants?.views[String(values?.[view.variants.field] ?? '')];
  const endpoint = variant?.endpoint ?? view.endpoint;
  const shown = variant && view.variants ? [view.variants.field, ...variant.fields] : view.fields;
  // With an account chosen, its devices are the targets and the list may stay empty.
  const byAccount = Boolean(view.accountField && values?.[view.accountField] != null);
  const picked = Boolean(view.pickField && (values?.[view.pickField] as unknown[] | undefined)?.length);

  const submit = async (v: Record<string, unknown>) => {
    const terminalIDs = targetsOf(v);
    setTooMany(terminalIDs.length > DEVICE_BATCH_MAX);
    if (terminalIDs.length > DEVICE_BATCH_MAX || (terminalIDs.length === 0 && !byAccount)) return;
    const body = requestBody(
      entity,
      shown.filter((f) => f !== view.pickField && f !== view.variants?.field),
      v,
    );
    setRefusal(null);
    if (!view.background && view.preview) {
      const refused = await plan.ask(view.preview, { ...body, terminalIDs }, () =>
        run(endpoint, terminalIDs, body),
      );
      if (refused) setRefusal(errorText(refused));
      return;
    }
    if (!view.background) return void (await run(endpoint, terminalIDs, body));
    await background.start(endpoint, terminalIDs.length ? { ...body, terminalIDs } : body);
  };

  return (
    <Card title={t(`menu:${resource.labelKey}`)} data-testid={`batch-${resource.name}`}>
      <Form
        form={form}
        layout="vertical"
        initialValues={initialValues(entity, view.fields)}
        onFinish={(v) => void submit(v)}
        style={{ maxWidth: 720 }}
      >
        <Form.Item
          name="terminals"
          label={t('device:generic.imeiList')}
          extra={t('device:generic.imeiListHelp', { max: DEVICE_BATCH_MAX, count: ids.length })}
          rules={[{ required: !byAccount && !picked, whitespace: true }]}
        >
          <Input.TextArea
            rows={8}
            style={{ fontFamily: 'monospace' }}
            spellCheck={false}
            data-testid="batch-imeis"
          />
        </Form.Item>
        <Form.Item>
          <ImportFileButton
            columns={['terminalID']}
            onLines={(text) => form.setFieldValue('terminals', text)}
          />
        </Form.Item>
        {formItems(entity, shown, t)}
        {renderExtra?.(values ?? {}, (name, value) => form.setFieldValue(name, value))}
        {refusal ? (
          <Alert
            type="error"
            showIcon
            message={refusal}
            style={{ marginBottom: 16 }}
            data-testid="batch-refused"
          />
        ) : null}
        {tooMany ? (
          <Alert type="error" showIcon message={t('errors:batchTooLarge')} style={{ marginBottom: 16 }} />
        ) : null}
        <Space>
          <WriteGuard>
            <Button
              type="primary"
              htmlType="submit"
              loading={state.running || plan.asking}
              data-testid="batch-submit"
            >
              {view.preview ? t('device:plan.next') : t('device:generic.submit')}
            </Button>
          </WriteGuard>
          {view.background && background.state.running ? (
            <Button
              danger
              loading={background.state.cancelling}
              onClick={() => void background.cancel()}
              data-testid="batch-cancel"
            >
              {t('device:generic.cancelBatch')}
            </Button>
          ) : null}
        </Space>
      </Form>
      <BatchProgressPanel state={state} />
      {plan.modal}
      {view.background && background.state.result && background.state.batchId ? (
        <Link
          to={`${view.background.results}?batchId=${encodeURIComponent(background.state.batchId)}`}
          data-testid="batch-results-link"
        >
          {t('device:generic.batchResults')}
        </Link>
      ) : null}
    </Card>
  );
}
