import { Button, Space, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ListScreen } from '../../components/resource/ListScreen';
import { AREA_ENTITY, arrivalsList } from '../../resources/areaLists';

/** The stop arrivals of one bus route: the generic list with its filters. */
export function BusArrivals({ id, name, onBack }: { id: number; name: string; onBack(): void }) {
  const { t } = useTranslation('area');
  const list = useMemo(() => arrivalsList(id), [id]);
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="bus-arrivals">
      <Space>
        <Button onClick={onBack} data-testid="arrivals-back">{t('actions.back')}</Button>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('bus.arrivalsTitle', { name })}
        </Typography.Title>
      </Space>
      <ListScreen resource={list} entity={AREA_ENTITY} view={list.view} />
    </Space>
  );
}
