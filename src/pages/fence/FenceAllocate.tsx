import { Alert, App, Button, Card, Form, Input, InputNumber, Radio, Select, Space, Spin, TreeSelect } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FENCE_ALARM_MODES, FENCE_POST_TYPES, type FenceAlarmMode, type FencePostType } from '../../domain/fence/rules';
import { parseLines } from '../../domain/validators';
import { errorText } from '../../i18n/errorText';
import { DeviceSelect } from '../../components/resource/DeviceSelect';
import { treeOptions, useAccounts } from '../../components/resource/useAccounts';
import { allocateFence, fenceDetail, type BatchResult, type FenceDetail } from './api';
import { AllocationTable } from './AllocationTable';

type By = 'list' | 'account' | 'imei';

interface Values {
  by: By;
  terminalIDs?: string[];
  userIds?: number[];
  imeis?: string;
  alarmMode: FenceAlarmMode;
  postType: FencePostType;
  inMinutes: number;
  outMinutes: number;
}

/** Minutes of a time mode (spec section 9): 0 turns it off; the API takes up to a day. */
const MAX_MINUTES = 1440;

/**
 * Allocates a fence to devices of the caller's subtree (chosen in the list, every device of
 * some accounts, or pasted IMEIs) with the alarm rule, and shows and removes the current ones.
 */
export function FenceAllocate({ id, terminalID, onDone }: { id: number; terminalID?: string; onDone(): void }) {
  const { t } = useTranslation('fence');
  const { message } = App.useApp();
  const { roots } = useAccounts();
  const [form] = Form.useForm<Values>();
  const by = Form.useWatch('by', form) ?? 'list';
  const [fence, setFence] = useState<FenceDetail | null>(null);
  const [result, setResult] = useState<BatchResult | null>(null);
  const [saving, setSaving] = useState(false);

  const load = useCallback(async () => {
    try {
      setFence(await fenceDetail(id));
    } catch (err) {
      void message.error(errorText(err));
    }
  }, [id, message]);
  useEffect(() => {
    void load();
  }, [load]);

  const submit = async (v: Values) => {
    const body = {
      fenceId: id,
      alarmMode: v.alarmMode,
      postType: v.postType,
      inMinutes: v.inMinutes ?? 0,
      outMinutes: v.outMinutes ?? 0,
      ...(v.by === 'list' ? { terminalIDs: v.terminalIDs ?? [] } : {}),
      ...(v.by === 'imei' ? { terminalIDs: parseLines(v.imeis ?? '') } : {}),
      ...(v.by === 'account' ? { userIds: v.userIds ?? [] } : {}),
    };
    setSaving(true);
    try {
      const r = await allocateFence(body);
      setResult(r);
      if (r.succeeded) void message.success(t('allocate.result', { succeeded: r.succeeded, total: r.total }));
      await load();
    } catch (err) {
      void message.error(errorText(err));
    } finally {
      setSaving(false);
    }
  };

  if (!fence) return <Spin style={{ display: 'block', margin: '120px auto' }} />;
  return (
    <Card
      title={t('allocate.title', { name: fence.name })}
      extra={<Button onClick={onDone}>{t('actions.back')}</Button>}
      data-testid="fence-allocate"
      styles={{ body: { display: 'flex', flexDirection: 'column', gap: 16 } }}
    >
      <Form<Values>
        form={form}
        layout="horizontal"
        labelCol={{ flex: '160px' }}
        style={{ maxWidth: 760 }}
        initialValues={{ by: 'list', terminalIDs: terminalID ? [terminalID] : [], alarmMode: 'inout', postType: FENCE_POST_TYPES.platform, inMinutes: 0, outMinutes: 0 }}
        onFinish={submit}
      >
        <Form.Item name="by" label={t('allocate.by')}>
          <Radio.Group optionType="button" data-testid="allocate-by">
            {(['list', 'account', 'imei'] as const).map((b) => (
              <Radio.Button key={b} value={b}>
                <span data-testid={`allocate-by-${b}`}>{t(`allocate.by_${b}`)}</span>
              </Radio.Button>
            ))}
          </Radio.Group>
        </Form.Item>
        {by === 'list' && (
          <Form.Item name="terminalIDs" label={t('allocate.devices')} rules={[{ required: true, type: 'array', min: 1, message: t('allocate.chooseDevices') }]}>
            <DeviceSelect />
          </Form.Item>
        )}
        {by === 'account' && (
          <Form.Item name="userIds" label={t('allocate.accounts')} extra={t('allocate.accountsHelp')} rules={[{ required: true, type: 'array', min: 1, message: t('allocate.chooseAccounts') }]}>
            <TreeSelect multiple treeData={treeOptions(roots)} treeDefaultExpandAll showSearch treeNodeFilterProp="title" style={{ minWidth: 260 }} data-testid="allocate-accounts" />
          </Form.Item>
        )}
        {by === 'imei' && (
          <Form.Item name="imeis" label={t('allocate.imeis')} extra={t('allocate.imeisHelp')} rules={[{ required: true, whitespace: true, message: t('allocate.chooseDevices') }]}>
            <Input.TextArea rows={5} style={{ fontFamily: 'monospace' }} data-testid="allocate-imeis" />
          </Form.Item>
        )}
        <Form.Item name="alarmMode" label={t('allocate.alarmMode')}>
          <Radio.Group>
            {FENCE_ALARM_MODES.map((m) => (
              <Radio key={m} value={m}>
                {t(`alarmModes.${m}`)}
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        <Form.Item name="postType" label={t('allocate.postType')}>
          <Select style={{ width: 260 }} options={Object.values(FENCE_POST_TYPES).map((p) => ({ value: p, label: t(`postTypes.${p}`) }))} />
        </Form.Item>
        <Form.Item label={t('allocate.minutes')} extra={t('allocate.minutesHelp')}>
          <Space wrap>
            <Form.Item name="inMinutes" noStyle>
              <InputNumber min={0} max={MAX_MINUTES} precision={0} addonBefore={t('allocate.inMinutes')} style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="outMinutes" noStyle>
              <InputNumber min={0} max={MAX_MINUTES} precision={0} addonBefore={t('allocate.outMinutes')} style={{ width: 200 }} />
            </Form.Item>
          </Space>
        </Form.Item>
        <Form.Item label=" " colon={false}>
          <Button type="primary" htmlType="submit" loading={saving} data-testid="allocate-submit">
            {t('allocate.submit')}
          </Button>
        </Form.Item>
      </Form>
      {result && result.failed.length > 0 && (
        <Alert
          type="warning"
          showIcon
          data-testid="allocate-failed"
          message={t('allocate.failed', { count: result.failed.length })}
          description={result.failed.map((f) => `${f.terminalID}: ${t(`errors:${f.key}`, { defaultValue: f.message })}`).join('\n')}
          style={{ whiteSpace: 'pre-line' }}
        />
      )}
      <AllocationTable fence={fence} onChanged={load} />
    </Card>
  );
}
