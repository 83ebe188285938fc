import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Popconfirm, Space, Spin, Table, Tooltip } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_OPTIONS } from '../../domain/constants';
import { errorText } from '../../i18n/errorText';
import { deleteBusRoute, listBusRoutes, type BusRoute, type Page } from '../areas/api';
import { useReadOnly } from '../areas/useReadOnly';
import type { BusView } from './BusRoutePage';

const BusRouteMap = lazy(() => import('./BusRouteMap'));
const NO_STOPS: never[] = [];

/** The caller's bus routes (busRoutesList, GET) with their stops and vehicles, beside a map of the page's routes. */
export function BusRouteTable({ open }: { open(view: BusView, route?: BusRoute): void }) {
  const { t } = useTranslation('area');
  const { message } = App.useApp();
  const readOnly = useReadOnly();
  const [page, setPage] = useState({ pageNum: 1, pageSize: PAGE_SIZE_DEFAULT });
  const [data, setData] = useState<Page<BusRoute> | null>(null);
  const [loading, setLoading] = useState(true);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setData(await listBusRoutes(page));
    } catch (err) {
      setData({ list: [], total: 0 });
      void message.error(errorText(err));
    } finally {
      setLoading(false);
    }
  }, [page, message]);

  useEffect(() => {
    void load();
  }, [load]);

  const remove = async (r: BusRoute) => {
    try {
      await deleteBusRoute(r.id);
      void message.success(t('actions.deleted'));
      await load();
    } catch (err) {
      void message.error(errorText(err));
    }
  };

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
    { key: 'createdAt', dataIndex: 'createdAt', title: t('fields.createdAt'), width: 170, render: (v: string) => new Date(v).toLocaleString() },
    {
      key: 'actions',
      title: t('fields.actions'),
      width: 200,
      // The row's actions stay in view when the other columns scroll.
      fixed: 'right' as const,
      render: (_: unknown, r: BusRoute) => (
        <Space size={4} wrap>
          <Button size="small" type="link" onClick={() => open('arrivals', r)} data-testid={`bus-arrivals-${r.id}`}>
            {t('actions.arrivals')}
          </Button>
          {!readOnly && (
            <>
              <Button size="small" type="link" onClick={() => open('edit', r)} data-testid={`bus-edit-${r.id}`}>
                {t('actions.edit')}
              </Button>
              <Popconfirm title={t('actions.confirmDelete', { name: r.name })} onConfirm={() => remove(r)}>
                <Button size="small" type="link" danger data-testid={`bus-delete-${r.id}`}>
                  {t('actions.delete')}
                </Button>
              </Popconfirm>
            </>
          )}
        </Space>
      ),
    },
  ];

  return (
    <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }} data-testid="bus-list">
      <Card style={{ flex: '1 1 600px', minWidth: 0 }} title={t('titles.bus')}>
        {!readOnly && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => open('new')} style={{ marginBottom: 12 }} data-testid="bus-add">
            {t('list.add.bus')}
          </Button>
        )}
        <Table<BusRoute>
          rowKey="id"
          size="middle"
          loading={loading}
          columns={columns}
          dataSource={data?.list ?? []}
          scroll={{ x: 760 }}
          pagination={{
            current: page.pageNum,
            pageSize: page.pageSize,
            total: data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
            onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
          }}
        />
      </Card>
      <div style={{ flex: '1 1 340px', height: 'calc(100vh - 160px)', minHeight: 400, position: 'relative', background: '#fff' }} data-testid="bus-map">
        <Suspense fallback={<Spin style={{ display: 'block', margin: '120px auto' }} />}>
          {data && <BusRouteMap line={null} stops={NO_STOPS} others={data.list} fitKey={data.list.map((r) => r.id).join(',')} />}
        </Suspense>
      </div>
    </div>
  );
}
