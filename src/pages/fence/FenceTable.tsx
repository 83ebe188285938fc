import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Input, Popconfirm, Space, Switch, Table, Tag } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePagedList, type PageQuery } from '../../components/resource/usePagedList';
import { WriteGuard } from '../../components/WriteGuard';
import { useWriteRefusal } from '../../hooks/useWriteRefusal';
import { formatRadius } from '../../domain/fence/format';
import { deleteFence, listFences, setFenceState, type Fence } from './api';
import type { FenceView } from './FenceListPage';
import { formatDateTime } from '../../domain/date-format';

const TYPE_COLORS = { circle: 'blue', polygon: 'purple', rectangle: 'cyan' } as const;

/**
 * The caller's fences: search by name, paged on the server, and the row actions. Hand-written
 * rather than a ListScreen descriptor: its actions open map views of this screen and the state
 * is a switch, which the generic renderer's post-and-refresh actions do not model.
 */
export function FenceTable({ terminalID, open }: { terminalID?: string; open(view: FenceView, id?: number): void }) {
  const { t } = useTranslation('fence');
  // Changes are disabled for the demo, with the reason (src/components/WriteGuard.tsx).
  const refusal = useWriteRefusal();
  const [name, setName] = useState('');
  const fetch = useCallback((page: PageQuery) => listFences({ ...page, ...(name ? { name } : {}) }), [name]);
  // A refused action shows the server's reason in the user's language (a fence in use cannot be deleted).
  const { data, loading, act, firstPage, pagination } = usePagedList(fetch);

  const columns = [
    { key: 'name', dataIndex: 'name', title: t('fields.name'), width: 170, render: (v: string, f: Fence) => <a onClick={() => open('detail', f.id)}>{v}</a> },
    { key: 'type', dataIndex: 'type', title: t('fields.type'), width: 90, render: (v: Fence['type']) => <Tag color={TYPE_COLORS[v]}>{t(`types.${v}`)}</Tag> },
    { key: 'radius', dataIndex: 'radius', title: t('fields.radius'), width: 80, render: (v: number | null) => formatRadius(v) },
    {
      key: 'state',
      dataIndex: 'state',
      title: t('fields.state'),
      width: 70,
      render: (v: 0 | 1, f: Fence) => (
        <WriteGuard reason={refusal}>
          <Switch
            size="small"
            checked={v === 1}
            aria-label={t('fields.state')}
            data-testid={`fence-state-${f.id}`}
            onChange={(on) => act(() => setFenceState(f.id, on ? 1 : 0), t('actions.stateChanged'))}
          />
        </WriteGuard>
      ),
    },
    { key: 'createdAt', dataIndex: 'createdAt', title: t('fields.createdAt'), width: 140, render: (v: string) => formatDateTime(v, 'minute') },
    { key: 'devices', dataIndex: 'devices', title: t('fields.devices'), width: 70 },
    { key: 'username', dataIndex: 'username', title: t('fields.owner'), width: 100 },
    {
      key: 'actions',
      title: t('fields.actions'),
      width: 240,
      fixed: 'right' as const,
      render: (_: unknown, f: Fence) => (
        <Space size={0}>
          <Button size="small" type="link" onClick={() => open('detail', f.id)}>{t('actions.view')}</Button>
          <WriteGuard reason={refusal}>
            <Button size="small" type="link" onClick={() => open('edit', f.id)}>{t('actions.edit')}</Button>
          </WriteGuard>
          <WriteGuard reason={refusal}>
            <Button size="small" type="link" onClick={() => open('allocate', f.id)} data-testid={`fence-allocate-${f.id}`}>
              {t('actions.allocate')}
            </Button>
          </WriteGuard>
          <Popconfirm title={t('actions.confirmDelete', { name: f.name })} onConfirm={() => act(() => deleteFence(f.id), t('actions.deleted'))} disabled={refusal !== null}>
            <WriteGuard reason={refusal}>
              <Button size="small" type="link" danger data-testid={`fence-delete-${f.id}`}>{t('actions.delete')}</Button>
            </WriteGuard>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Card data-testid="fence-list">
      {terminalID && <Alert style={{ marginBottom: 12 }} type="info" showIcon message={t('list.forDevice', { device: terminalID })} data-testid="fence-for-device" />}
      <Space style={{ marginBottom: 12 }} wrap>
        <Input.Search
          placeholder={t('list.search')}
          allowClear
          onSearch={(v) => {
            setName(v.trim());
            firstPage();
          }}
          style={{ width: 260 }}
          data-testid="fence-search"
        />
        <WriteGuard reason={refusal}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => open('new')} data-testid="fence-add">
            {t('list.add')}
          </Button>
        </WriteGuard>
      </Space>
      <Table<Fence>
        rowKey="id"
        size="middle"
        loading={loading}
        columns={columns}
        dataSource={data.list}
        scroll={{ x: 950 }}
        pagination={pagination}
      />
    </Card>
  );
}
