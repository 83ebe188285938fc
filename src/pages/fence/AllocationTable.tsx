import { App, Button, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../i18n/errorText';
import { unallocateFence, type Allocation, type FenceDetail } from './api';

/** A fence's current allocations with their rules; removes one or the selected ones. */
export function AllocationTable({ fence, onChanged, readOnly }: { fence: FenceDetail; onChanged?(): void; readOnly?: boolean }) {
  const { t } = useTranslation('fence');
  const { message } = App.useApp();
  const [selected, setSelected] = useState<string[]>([]);

  const remove = async (ids: string[]) => {
    try {
      await unallocateFence(fence.id, ids);
      void message.success(t('allocate.removed', { count: ids.length }));
      setSelected([]);
      onChanged?.();
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  const minutes = (m: number) => (m ? t('allocate.minutesValue', { count: m }) : t('allocate.off'));
  const columns = [
    { key: 'name', dataIndex: 'name', title: t('fields.device') },
    { key: 'terminalID', dataIndex: 'terminalID', title: 'IMEI' },
    { key: 'alarmMode', dataIndex: 'alarmMode', title: t('allocate.alarmMode'), render: (v: Allocation['alarmMode']) => t(`alarmModes.${v}`) },
    { key: 'postType', dataIndex: 'postType', title: t('allocate.postType'), render: (v: number) => t(`postTypes.${v}`) },
    { key: 'in', dataIndex: 'inMinutes', title: t('allocate.inMinutes'), render: minutes },
    { key: 'out', dataIndex: 'outMinutes', title: t('allocate.outMinutes'), render: minutes },
    {
      key: 'inside',
      dataIndex: 'inside',
      title: t('detail.side'),
      render: (v: boolean | null) => (v == null ? <Tag>{t('detail.unknown')}</Tag> : v ? <Tag color="green">{t('detail.inside')}</Tag> : <Tag color="orange">{t('detail.outside')}</Tag>),
    },
    ...(readOnly
      ? []
      : [
          {
            key: 'actions',
            title: t('fields.actions'),
            render: (_: unknown, a: Allocation) => (
              <Popconfirm title={t('allocate.confirmRemove', { name: a.name })} onConfirm={() => remove([a.terminalID])}>
                <Button size="small" type="link" danger data-testid={`unallocate-${a.terminalID}`}>
                  {t('allocate.remove')}
                </Button>
              </Popconfirm>
            ),
          },
        ]),
  ];

  return (
    <div data-testid="allocations">
      <Space style={{ marginBottom: 8 }} wrap>
        <Typography.Text strong>{t('allocate.current', { count: fence.allocations.length })}</Typography.Text>
        {fence.hiddenDevices > 0 && <Typography.Text type="secondary">{t('allocate.hidden', { count: fence.hiddenDevices })}</Typography.Text>}
        {!readOnly && selected.length > 0 && (
          <Popconfirm title={t('allocate.confirmRemoveSelected', { count: selected.length })} onConfirm={() => remove(selected)}>
            <Button size="small" danger>
              {t('allocate.removeSelected', { count: selected.length })}
            </Button>
          </Popconfirm>
        )}
      </Space>
      <Table<Allocation>
        rowKey="terminalID"
        size="small"
        columns={columns}
        dataSource={fence.allocations}
        pagination={fence.allocations.length > 10 ? { pageSize: 10 } : false}
        rowSelection={readOnly ? undefined : { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]) }}
        locale={{ emptyText: t('allocate.none') }}
        scroll={{ x: 800 }}
      />
    </div>
  );
}
