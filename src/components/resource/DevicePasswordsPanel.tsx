import { Alert, Button, Space, Table } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { SheetFormat } from '../../sheets';
import { saveSheet } from './files';

export interface DevicePassword {
  terminalID: string;
  password: string;
}

/**
 * Device passwords the server drew (an import, a reset): answered once and stored hashed, so
 * the person sees them here, with a download, and is told they will not see them again.
 */
export function DevicePasswordsPanel({ passwords }: { passwords: readonly DevicePassword[] }) {
  const { t } = useTranslation();
  if (!passwords.length) return null;
  const download = (format: SheetFormat) =>
    saveSheet(
      [
        { key: 'terminalID', header: t('device:fields.terminalID'), width: 20 },
        { key: 'password', header: t('device:fields.devicePassword'), width: 16 },
      ],
      passwords.map((p) => ({ ...p })),
      format,
      'device-passwords',
    );
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="device-passwords">
      <Alert type="warning" showIcon message={t('device:generic.passwordsOnce')} />
      <Space wrap>
        <Button icon={<DownloadOutlined />} onClick={() => void download('xlsx')}>
          {t('device:generic.newPasswords')} (xlsx)
        </Button>
        <Button icon={<DownloadOutlined />} onClick={() => void download('csv')}>
          {t('device:generic.newPasswords')} (csv)
        </Button>
      </Space>
      <Table
        size="small"
        rowKey="terminalID"
        dataSource={passwords.slice(0, 500)}
        pagination={{ defaultPageSize: 50, hideOnSinglePage: true, showSizeChanger: false }}
        columns={[
          { dataIndex: 'terminalID', title: t('device:fields.terminalID'), width: 200 },
          {
            dataIndex: 'password',
            title: t('device:fields.devicePassword'),
            render: (p: string) => <code data-testid="device-password">{p}</code>,
          },
        ]}
      />
    </Space>
  );
}
