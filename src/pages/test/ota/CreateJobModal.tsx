import { App, Form, Input, Modal, Radio, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIST_TEXT_MAX } from '../../../domain/limits';
import { OTA_JOB_NAME_MAX } from '../../../domain/ota';
import { errorText } from '../../../i18n/errorText';
import { createJob, listFirmwares, type Firmware } from './api';

interface Values {
  name: string;
  firmwareId: number;
  targetMode: 'imeis' | 'type';
  imeis?: string;
}

/** A new job: its firmware, and the targets as an IMEI list or every terminal of the firmware's type. */
export function CreateJobModal({ onClose }: { onClose: (created: boolean) => void }) {
  const { t } = useTranslation('ota');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [firmwares, setFirmwares] = useState<Firmware[]>([]);
  const [busy, setBusy] = useState(false);
  const mode = Form.useWatch('targetMode', form);

  useEffect(() => {
    listFirmwares(1, 100).then((r) => setFirmwares(r.list), (e) => message.error(errorText(e)));
  }, [message]);

  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      const r = await createJob({ ...v, imeis: v.targetMode === 'imeis' ? v.imeis : undefined });
      message.success(t('created', { count: r.total }));
      onClose(true);
    } catch (e) {
      message.error(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={t('createJob')}
      onOk={() => void submit()}
      onCancel={() => onClose(false)}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'ota-create-ok' } as never}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ targetMode: 'imeis' }}>
        <Form.Item name="name" label={t('fields.name')} rules={[{ required: true, whitespace: true }]}>
          <Input maxLength={OTA_JOB_NAME_MAX} data-testid="ota-job-name" />
        </Form.Item>
        <Form.Item name="firmwareId" label={t('fields.firmware')} rules={[{ required: true }]}>
          <Select
            data-testid="ota-job-firmware"
            showSearch
            optionFilterProp="label"
            options={firmwares.map((f) => ({ value: f.id, label: `${f.deviceType} ${f.version} (${f.fileName})` }))}
          />
        </Form.Item>
        <Form.Item name="targetMode" label={t('fields.targetMode')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'imeis', label: t('targetMode.imeis') },
              { value: 'type', label: t('targetMode.type') },
            ]}
          />
        </Form.Item>
        {mode !== 'type' && (
          <Form.Item
            name="imeis"
            label={t('fields.imeis')}
            extra={t('imeisHelp')}
            rules={[{ required: true, whitespace: true }]}
          >
            <Input.TextArea rows={6} maxLength={LIST_TEXT_MAX} style={{ fontFamily: 'monospace' }} data-testid="ota-job-imeis" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
