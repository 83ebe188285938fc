import { App, Button, Form, Input, Modal, Select, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FIRMWARE_MAX_BYTES, FIRMWARE_NOTES_MAX, FIRMWARE_VERSION_MAX } from '../../../domain/ota';
import { errorText } from '../../../i18n/errorText';
import { upgradableTypes, uploadFirmware } from './api';

interface Values {
  version: string;
  deviceType: string;
  notes?: string;
  checksum?: string;
}

/** Upload a firmware image: the file, its version and device type, notes and an optional checksum. */
export function UploadModal({ onClose }: { onClose: (uploaded: boolean) => void }) {
  const { t } = useTranslation('ota');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [file, setFile] = useState<File | null>(null);
  const [types, setTypes] = useState<{ name: string; family: string }[]>([]);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    upgradableTypes().then(setTypes, (e) => message.error(errorText(e)));
  }, [message]);

  const submit = async () => {
    const v = await form.validateFields();
    if (!file) return void message.error(t('fileRequired'));
    if (file.size > FIRMWARE_MAX_BYTES) return void message.error(t('fileTooLarge', { mb: FIRMWARE_MAX_BYTES >> 20 }));
    setBusy(true);
    try {
      await uploadFirmware(file, v);
      message.success(t('uploaded'));
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
      title={t('upload')}
      onOk={() => void submit()}
      onCancel={() => onClose(false)}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'ota-upload-ok' } as never}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item label={t('fields.file')} required>
          <Upload
            maxCount={1}
            beforeUpload={(f) => {
              setFile(f);
              return false; // sent with the form, not by antd
            }}
            onRemove={() => setFile(null)}
            fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
          >
            <Button icon={<UploadOutlined />} data-testid="ota-upload-file">
              {t('chooseFile')}
            </Button>
          </Upload>
        </Form.Item>
        <Form.Item name="deviceType" label={t('fields.deviceType')} rules={[{ required: true }]}>
          <Select
            data-testid="ota-upload-type"
            showSearch
            options={types.map((ty) => ({ value: ty.name, label: `${ty.name} (${ty.family === 'gt06' ? 'GT06' : 'JT/T 808'})` }))}
          />
        </Form.Item>
        <Form.Item name="version" label={t('fields.version')} rules={[{ required: true, whitespace: true }]}>
          <Input maxLength={FIRMWARE_VERSION_MAX} data-testid="ota-upload-version" />
        </Form.Item>
        <Form.Item
          name="checksum"
          label={t('fields.checksum')}
          extra={t('checksumHelp')}
          rules={[{ pattern: /^([0-9a-fA-F]{32}|[0-9a-fA-F]{64})$/, message: t('checksumInvalid') }]}
        >
          <Input maxLength={64} style={{ fontFamily: 'monospace' }} />
        </Form.Item>
        <Form.Item name="notes" label={t('fields.notes')}>
          <Input.TextArea rows={3} maxLength={FIRMWARE_NOTES_MAX} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
