import { App, Button, Card, Descriptions, Space, Spin, Tag } from 'antd';
import { lazy, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatRadius } from '../../domain/fence/format';
import { errorText } from '../../i18n/errorText';
import { fenceDetail, type FenceDetail } from './api';
import { AllocationTable } from './AllocationTable';
import { useDevicePositions } from './positions';
import { formatDateTime } from '../../domain/date-format';

const FenceMap = lazy(() => import('./FenceMap'));

/** One fence on the map with its allocated devices where they are now, and its allocations. */
export function FenceDetailView({ id, onBack, onEdit, onAllocate }: { id: number; onBack(): void; onEdit(): void; onAllocate(): void }) {
  const { t } = useTranslation('fence');
  const { message } = App.useApp();
  const [fence, setFence] = useState<FenceDetail | null>(null);
  useEffect(() => {
    let live = true;
    fenceDetail(id)
      .then((f) => live && setFence(f))
      .catch((err) => live && void message.error(errorText(err)));
    return () => {
      live = false;
    };
  }, [id, message]);
  const devices = useDevicePositions(fence?.allocations.map((a) => a.terminalID) ?? []);

  if (!fence) return <Spin style={{ display: 'block', margin: '120px auto' }} />;
  return (
    <Card
      title={fence.name}
      data-testid="fence-detail"
      extra={
        <Space>
          <Button onClick={onEdit}>{t('actions.edit')}</Button>
          <Button onClick={onAllocate}>{t('actions.allocate')}</Button>
          <Button onClick={onBack}>{t('actions.back')}</Button>
        </Space>
      }
      styles={{ body: { display: 'flex', flexDirection: 'column', gap: 12 } }}
    >
      <FenceSummary fence={fence} />
      <div style={{ height: 420, border: '1px solid rgba(0,0,0,0.1)' }}>
        <FenceMap fences={[fence]} devices={devices} fitKey={`${fence.id}:${devices.length}`} />
      </div>
      <AllocationTable fence={fence} readOnly />
    </Card>
  );
}

/** The fence's fields as a description list (also in the multi-fence view's panel). */
export function FenceSummary({ fence }: { fence: FenceDetail }) {
  const { t } = useTranslation('fence');
  return (
    <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} data-testid="fence-summary">
      <Descriptions.Item label={t('fields.type')}>{t(`types.${fence.type}`)}</Descriptions.Item>
      {fence.radius != null && <Descriptions.Item label={t('fields.radius')}>{formatRadius(fence.radius)}</Descriptions.Item>}
      <Descriptions.Item label={t('fields.state')}>
        {fence.state ? <Tag color="green">{t('state.on')}</Tag> : <Tag>{t('state.off')}</Tag>}
      </Descriptions.Item>
      <Descriptions.Item label={t('fields.devices')}>{fence.devices}</Descriptions.Item>
      <Descriptions.Item label={t('fields.owner')}>{fence.username}</Descriptions.Item>
      <Descriptions.Item label={t('fields.createdAt')}>{formatDateTime(fence.createdAt)}</Descriptions.Item>
    </Descriptions>
  );
}
