import { Alert, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { ListScreen } from '../../components/resource/ListScreen';
import { API_KEY_ENTITY, API_KEY_LISTS } from '../../resources/system/apiKey';

/** "API key": the caller's keys over its webhook endpoints' events, both generic lists. */
export default function ApiKeyPage() {
  const { t } = useTranslation('api');
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="api-key-page">
      <Alert type="info" showIcon message={t('intro')} />
      {API_KEY_LISTS.map((r) => (
        <ListScreen key={r.name} resource={r} entity={API_KEY_ENTITY} view={r.view} />
      ))}
    </Space>
  );
}
