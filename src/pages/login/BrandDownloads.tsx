import { Space } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Brand } from '../../domain/brand';
import { Link } from './text';

/** The brand's download links (in the brand colour); each label is a key of the login namespace. */
export function BrandDownloads({ downloads }: { downloads: Brand['downloads'] }) {
  const { t } = useTranslation('login');
  return (
    <Space wrap style={{ width: '100%', justifyContent: 'center' }}>
      {downloads.map((d) => (
        <Link key={d.url} href={d.url} target="_blank" rel="noreferrer">
          <DownloadOutlined /> {t(d.labelKey)}
        </Link>
      ))}
    </Space>
  );
}
