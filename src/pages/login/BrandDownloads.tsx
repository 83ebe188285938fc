import { Space, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Brand } from '../../domain/brand';

/** The brand's download links (in the brand colour); each label is a key of the login namespace. */
export function BrandDownloads({ downloads }: { downloads: Brand['downloads'] }) {
  const { t } = useTranslation('login');
  return (
    <Space wrap style={{ width: '100%', justifyContent: 'center' }}>
      {downloads.map((d) => (
        <Typography.Link key={d.url} href={d.url} target="_blank" rel="noreferrer">
          <DownloadOutlined /> {t(d.labelKey)}
        </Typography.Link>
      ))}
    </Space>
  );
}
