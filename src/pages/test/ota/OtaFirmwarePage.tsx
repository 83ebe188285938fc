import { App, Button, Card, Popconfirm, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../../components/resource/files';
import { errorText } from '../../../i18n/errorText';
import { formatDateTime } from '../../monitor/texts';
import { deleteFirmware, downloadFirmware, listFirmwares, type Firmware } from './api';
import { UploadModal } from './UploadModal';
import { usePolled } from './usePolled';

const sizeText = (n: number) => (n >= 1 << 20 ? `${(n / (1 << 20)).toFixed(2)} MB` : `${(n / 1024).toFixed(1)} KB`);

/** /test/ota/otaHttp: firmware images, their size and checksums; upload, download, delete. */
export default function OtaFirmwarePage() {
  const { t } = useTranslation('ota');
  const { message } = App.useApp();
  const [page, setPage] = useState({ num: 1, size: 15 });
  const [uploading, setUploading] = useState(false);
  const { data, error, reload } = usePolled(() => listFirmwares(page.num, page.size), [page.num, page.size], 15_000);

  const download = async (fw: Firmware) => {
    try {
      saveBlob(await downloadFirmware(fw), fw.fileName);
    } catch (e) {
      message.error(errorText(e));
    }
  };
  const remove = async (fw: Firmware) => {
    try {
      await deleteFirmware(fw.id);
      message.success(t('done'));
      void reload();
    } catch (e) {
      message.error(errorText(e));
    }
  };

  return (
    <Card
      data-testid="ota-firmwares"
      title={t('firmwareTitle')}
      extra={
        <Button type="primary" data-testid="ota-upload" onClick={() => setUploading(true)}>
          {t('upload')}
        </Button>
      }
    >
      {error ? <Typography.Text type="danger">{errorText(error)}</Typography.Text> : null}
      <Table<Firmware>
        rowKey="id"
        size="middle"
        dataSource={data?.list ?? []}
        loading={!data && !error}
        pagination={{
          current: page.num,
          pageSize: page.size,
          total: data?.total ?? 0,
          onChange: (num, size) => setPage({ num, size }),
        }}
        columns={[
          { title: t('fields.fileName'), dataIndex: 'fileName' },
          { title: t('fields.deviceType'), dataIndex: 'deviceType' },
          { title: t('fields.version'), dataIndex: 'version' },
          { title: t('fields.size'), dataIndex: 'size', render: sizeText },
          {
            title: t('fields.checksums'),
            key: 'sums',
            render: (_: unknown, f) => (
              <Space direction="vertical" size={0} style={{ fontFamily: 'monospace', fontSize: 12 }}>
                <Typography.Text copyable={{ text: f.sha256 }}>sha256 {f.sha256.slice(0, 16)}…</Typography.Text>
                <Typography.Text copyable={{ text: f.md5 }}>md5 {f.md5}</Typography.Text>
              </Space>
            ),
          },
          { title: t('fields.notes'), dataIndex: 'notes', ellipsis: true },
          { title: t('fields.createdAt'), dataIndex: 'createdAt', render: (s: string) => formatDateTime(s) },
          {
            title: t('fields.actions'),
            key: 'actions',
            render: (_: unknown, f) => (
              <Space size="small">
                <Button size="small" onClick={() => void download(f)}>
                  {t('download')}
                </Button>
                <Popconfirm title={t('deleteConfirm')} onConfirm={() => void remove(f)}>
                  <Button size="small" danger>
                    {t('delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      {uploading && (
        <UploadModal
          onClose={(uploaded) => {
            setUploading(false);
            if (uploaded) void reload();
          }}
        />
      )}
    </Card>
  );
}
