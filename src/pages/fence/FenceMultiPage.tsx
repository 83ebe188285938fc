import { App, Button, Empty, List, Spin, Tag, Typography } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatRadius } from '../../domain/fence/format';
import { useIsPhone } from '../../hooks/useIsPhone';
import { errorText } from '../../i18n/errorText';
import { allFences, fenceDetail, type Fence, type FenceDetail } from './api';
import { AllocationTable } from './AllocationTable';
import { FenceSummary } from './FenceDetailView';
import { MapLoading } from '../../maps/MapLoading';

const FenceMap = lazy(() => import('./FenceMap'));

/** /index/fence/multi: every fence of the caller on one map; clicking one (on the map or in the list) shows its detail. */
export default function FenceMultiPage() {
  const { t } = useTranslation('fence');
  const { message } = App.useApp();
  const navigate = useNavigate();
  // A phone has no room for a 340 px list beside the map: the list above, the map below it.
  const phone = useIsPhone();
  const [fences, setFences] = useState<Fence[] | null>(null);
  const [chosen, setChosen] = useState<FenceDetail | null>(null);

  useEffect(() => {
    let live = true;
    allFences()
      .then((f) => live && setFences(f))
      .catch((err) => {
        if (!live) return;
        setFences([]);
        void message.error(errorText(err));
      });
    return () => {
      live = false;
    };
  }, [message]);

  const choose = (f: Fence) =>
    fenceDetail(f.id)
      .then(setChosen)
      .catch((err) => void message.error(errorText(err)));

  return (
    <div
      style={{ display: 'flex', flexDirection: phone ? 'column' : 'row', height: 'calc(100vh - 140px)', minHeight: 420, background: '#fff' }}
      data-testid="fence-multi"
    >
      <aside
        style={{
          flex: phone ? '0 1 40%' : '0 0 340px',
          overflow: 'auto',
          [phone ? 'borderBottom' : 'borderInlineEnd']: '1px solid rgba(0,0,0,0.08)',
          padding: 12,
        }}
      >
        {chosen ? (
          <div data-testid="fence-multi-detail">
            <Typography.Title level={5} style={{ marginTop: 0 }}>
              {chosen.name}
            </Typography.Title>
            <FenceSummary fence={chosen} />
            <AllocationTable fence={chosen} readOnly />
            <div style={{ display: 'flex', gap: 8, marginTop: 8 }}>
              <Button onClick={() => navigate(`/index/fence/list?view=detail&id=${chosen.id}`)}>
                {t('actions.view')}
              </Button>
              <Button onClick={() => setChosen(null)}>{t('actions.back')}</Button>
            </div>
          </div>
        ) : (
          <>
            <Typography.Text type="secondary">
              {t('multi.hint', { count: fences?.length ?? 0 })}
            </Typography.Text>
            {fences === null ? (
              <Spin style={{ display: 'block', margin: 24 }} />
            ) : fences.length === 0 ? (
              <Empty description={t('multi.none')} />
            ) : (
              <List
                size="small"
                dataSource={fences}
                renderItem={(f) => (
                  <List.Item
                    style={{ cursor: 'pointer' }}
                    onClick={() => choose(f)}
                    data-testid={`multi-fence-${f.id}`}
                  >
                    <span>{f.name}</span>
                    <span>
                      <Tag>{t(`types.${f.type}`)}</Tag>
                      {formatRadius(f.radius)}
                    </span>
                  </List.Item>
                )}
              />
            )}
          </>
        )}
      </aside>
      <div style={{ flex: 1, minHeight: 0, position: 'relative' }}>
        <Suspense fallback={<MapLoading />}>
          {fences && <FenceMap fences={fences} fitKey={fences.length} onFenceClick={choose} />}
        </Suspense>
      </div>
    </div>
  );
}
