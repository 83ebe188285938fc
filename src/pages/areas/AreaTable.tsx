import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Input, Space, Spin, Table } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePagedList, type PageQuery } from '../../components/resource/usePagedList';
import { AREA_KINDS, type AreaKind } from '../../domain/area/kinds';
import { formatRadius } from '../../domain/fence/format';
import { allAreas, deleteArea, listAreas, type Area } from './api';
import type { AreaView } from './AreaPage';
import { RowActions } from './RowActions';
import { useReadOnly } from './useReadOnly';
import { formatDateTime } from '../../domain/date-format';

const AreaMap = lazy(() => import('./AreaMap'));

interface Props {
  kind: AreaKind;
  open(view: AreaView, area?: Area): void;
}

/**
 * The areas of one kind: search by name, paged on the server, with edit, visits and delete per
 * row, beside a map of all of them (a click there opens one). Hand-written like the fence
 * list: its actions open map views of this screen, which the generic renderer does not model.
 */
export function AreaTable({ kind, open }: Props) {
  const { t } = useTranslation('area');
  const readOnly = useReadOnly();
  const spec = AREA_KINDS[kind];
  const [name, setName] = useState('');
  const [all, setAll] = useState<Area[] | null>(null);
  const fetch = useCallback(
    (page: PageQuery) => listAreas(kind, { ...page, ...(name ? { name } : {}) }),
    [kind, name],
  );
  const { data, loading, act, firstPage, pagination } = usePagedList(fetch);
  const loadAll = useCallback(() => allAreas(kind).then(setAll, () => setAll([])), [kind]);

  useEffect(() => {
    void loadAll();
  }, [loadAll]);

  const remove = async (a: Area) => {
    if (await act(() => deleteArea(kind, a.id), t('actions.deleted'))) await loadAll();
  };

  const columns = [
    { key: 'name', dataIndex: 'name', title: t('fields.name') },
    spec.shape === 'circle'
      ? { key: 'radius', dataIndex: 'radius', title: t('fields.radius'), width: 110, render: (v: number | null) => formatRadius(v) }
      : { key: 'corners', dataIndex: 'points', title: t('fields.corners'), width: 90, render: (v: Area['points']) => v?.length ?? '' },
    { key: 'username', dataIndex: 'username', title: t('fields.owner'), width: 120 },
    { key: 'createdAt', dataIndex: 'createdAt', title: t('fields.createdAt'), width: 170, render: (v: string) => formatDateTime(v) },
    {
      key: 'actions',
      title: t('fields.actions'),
      width: 200,
      // The row's actions stay in view when the other columns scroll.
      fixed: 'right' as const,
      render: (_: unknown, a: Area) => (
        <RowActions name={a.name} testId="area" id={a.id} readOnly={readOnly} onEdit={() => open('edit', a)} onDelete={() => remove(a)}>
          {spec.visits && (
            <Button size="small" type="link" onClick={() => open('visits', a)} data-testid={`area-visits-${a.id}`}>
              {t('actions.visits')}
            </Button>
          )}
        </RowActions>
      ),
    },
  ];

  return (
    <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }} data-testid={`area-list-${kind}`}>
      <Card style={{ flex: '1 1 600px', minWidth: 0 }} title={t(`titles.${kind}`)}>
        <Space style={{ marginBottom: 12 }} wrap>
          <Input.Search
            placeholder={t('list.search')}
            allowClear
            onSearch={(v) => {
              setName(v.trim());
              firstPage();
            }}
            style={{ width: 240 }}
            data-testid="area-search"
          />
          {!readOnly && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => open('new')} data-testid="area-add">
              {t(`list.add.${kind}`)}
            </Button>
          )}
        </Space>
        <Table<Area>
          rowKey="id"
          size="middle"
          loading={loading}
          columns={columns}
          dataSource={data.list}
          scroll={{ x: 700 }}
          pagination={pagination}
        />
      </Card>
      <div style={{ flex: '1 1 340px', height: 'calc(100vh - 160px)', minHeight: 400, position: 'relative', background: '#fff' }} data-testid="area-map">
        <Suspense fallback={<Spin style={{ display: 'block', margin: '120px auto' }} />}>
          {all && <AreaMap areas={all} onPick={spec.visits ? (a) => open('visits', a) : readOnly ? undefined : (a) => open('edit', a)} />}
        </Suspense>
      </div>
    </div>
  );
}
