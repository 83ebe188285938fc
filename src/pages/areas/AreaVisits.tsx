import { Button, Space, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ListScreen } from '../../components/resource/ListScreen';
import { AREA_ENTITY, visitsList } from '../../resources/areaLists';

/** The visits of one check-car area or point: the generic list with its filters and export. */
export function AreaVisits({ id, name, purpose, onBack }: { id: number; name: string; purpose: 'checkArea' | 'checkPoint'; onBack(): void }) {
  const { t } = useTranslation('area');
  const list = useMemo(() => visitsList(id, purpose), [id, purpose]);
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="area-visits">
      <Space>
        <Button onClick={onBack} data-testid="visits-back">{t('actions.back')}</Button>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('visits.title', { name })}
        </Typography.Title>
      </Space>
      <ListScreen resource={list} entity={AREA_ENTITY} view={list.view} />
    </Space>
  );
}
