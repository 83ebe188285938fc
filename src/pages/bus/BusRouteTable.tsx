import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Table, Tooltip } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { usePagedList } from '../../components/resource/usePagedList';
import { deleteBusRoute, listBusRoutes, type BusRoute } from '../areas/api';
import { RowActions } from '../areas/RowActions';
import { useReadOnly } from '../areas/useReadOnly';
import type { BusView } from './BusRoutePage';
import { MapLoading } from '../../maps/MapLoading';
import { formatDateTime } from '../../domain/date-format';

const BusRouteMap = lazy(() => import('./BusRouteMap'));
const NO_STOPS: never[] = [];

/** The caller's bus routes (busRoutesList, GET) with their stops and vehicles, beside a map of the page's routes. */
export function BusRouteTable({ open }: { open(view: BusView, route?: BusRoute): void }) {
  const { t } = useTranslation('area');
  const readOnly = useReadOnly();
  const { data, loading, loaded, act, pagination } = usePagedList(listBusRoutes);
  const remove = (r: BusRoute) => act(() => deleteBusRoute(r.id), t('actions.deleted'));

  const columns = [
    { key: 'name', dataIndex: 'name', title: t('fields.routeName') },
    {
      key: 'stops',
      dataIndex: 'stops',
      title: t('fields.stops'),
      render: (v: BusRoute['stops']) => (
        <Tooltip title={v.map((s, i) => `${i + 1}. ${s.name}`).join(' → ')}>
          <span>{v.length}</span>
        </Tooltip>
      ),
      width: 80,
    },
    {
      key: 'devices',
      dataIndex: 'devices',
      title: t('fields.vehicles'),
      render: (v: BusRoute['devices']) => v.map((d) => d.name).join(', '),
    },
    { key: 'username', dataIndex: 'username', title: t('fields.owner'), width: 110 },
    {
      key: 'createdAt',
      dataIndex: 'createdAt',
      title: t('fields.createdAt'),
      width: 170,
      render: (v: string) => formatDateTime(v),
    },
    {
      key: 'actions',
      title: t('fields.actions'),
      width: 200,
      // The row's actions stay in view when the other columns scroll.
      fixed: 'right' as const,
      render: (_: unknown, r: BusRoute) => (
        <RowActions
          name={r.name}
          testId="bus"
          id={r.id}
          readOnly={readOnly}
          onEdit={() => open('edit', r)}
          onDelete={() => remove(r)}
        >
          <Button
            size="small"
            type="link"
            onClick={() => open('arrivals', r)}
            data-testid={`bus-arrivals-${r.id}`}
          >
            {t('actions.arrivals')}
          </Button>
        </RowActions>
      ),
    },
  ];

  return (
    <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }} data-testid="bus-list">
      <Card style={{ flex: '1 1 600px', minWidth: 0 }} title={t('titles.bus')}>
        {!readOnly && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => open('new')}
            style={{ marginBottom: 12 }}
            data-testid="bus-add"
          >
            {t('list.add.bus')}
          </Button>
        )}
        <Table<BusRoute>
          rowKey="id"
          size="middle"
          loading={loading}
          columns={columns}
          dataSource={data.list}
          scroll={{ x: 760 }}
          pagination={pagination}
        />
      </Card>
      <div
        style={{
          flex: '1 1 340px',
          height: 'calc(100vh - 160px)',
          minHeight: 400,
          position: 'relative',
          background: '#fff',
        }}
        data-testid="bus-map"
      >
        <Suspense fallback={<MapLoading />}>
          {loaded && (
            <BusRouteMap
              line={null}
              stops={NO_STOPS}
              others={data.list}
              fitKey={data.list.map((r) => r.id).join(',')}
            />
          )}
        </Suspense>
      </div>
    </div>
  );
}
