import { App, Button, Progress, Space, Table } from 'antd';
import { useMemo, useState } from 'react';
import { PERMISSIONS as P } from '../../../../config/roles';
import { abilityFor, hasAnyPermission } from '../../../domain/ability';
import { useSessionUser } from '../../../hooks/useSession';
import { useTranslation } from 'react-i18next';
import { OTA_RETRYABLE, OTA_FINAL, type OtaDeviceStatusName } from '../../../domain/ota';
import { errorText } from '../../../i18n/errorText';
import { formatDateTime } from '../../monitor/texts';
import { cancelJob, jobDevices, retryJob, type OtaDevice } from './api';
import { StatusTag } from './StatusTag';
import { usePolled } from './usePolled';

const when = (s: string | null) => (s ? formatDateTime(s) : '');

/**
 * The devices of one job with their progress (a job row of the OTA lists expands to this); staff
 * may retry or cancel one, the OTA viewer only reads.
 */
export default function JobDevices({ row }: { row: Record<string, unknown> }) {
  const jobId = Number(row.id);
  const { t } = useTranslation('ota');
  const user = useSessionUser();
  const readOnly = useMemo(() => !hasAnyPermission(abilityFor(user), [P.testOta]), [user]);
  const { message } = App.useApp();
  const [page, setPage] = useState({ num: 1, size: 10 });
  const { data, reload } = usePolled(
    () => jobDevices(jobId, page.num, page.size),
    [jobId, page.num, page.size],
  );

  const act = async (run: () => Promise<unknown>) => {
    try {
      await run();
      message.success(t('done'));
      void reload();
    } catch (e) {
      message.error(errorText(e));
    }
  };

  return (
    <Table<OtaDevice>
      data-testid={`ota-devices-${jobId}`}
      size="small"
      scroll={{ x: 'max-content' }}
      rowKey="id"
      dataSource={data?.list ?? []}
      loading={!data}
      pagination={{
        current: page.num,
        pageSize: page.size,
        total: data?.total ?? 0,
        onChange: (num, size) => setPage({ num, size }),
      }}
      columns={[
        {
          title: t('fields.terminalID'),
          dataIndex: 'terminalID',
          width: 150,
          render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{v}</span>,
        },
        { title: t('fields.status'), dataIndex: 'status', render: (s: string) => <StatusTag status={s} /> },
        {
          title: t('fields.progress'),
          dataIndex: 'progress',
          width: 160,
          render: (p: number, r) => (
            <Progress percent={p} size="small" status={r.status === 'failed' ? 'exception' : undefined} />
          ),
        },
        { title: t('fields.attempts'), dataIndex: 'attempts', width: 80 },
        { title: t('fields.fromVersion'), dataIndex: 'fromVersion' },
        { title: t('fields.result'), dataIndex: 'result', width: 180, ellipsis: true },
        { title: t('fields.sentAt'), dataIndex: 'sentAt', render: when },
        { title: t('fields.finishedAt'), dataIndex: 'finishedAt', render: when },
        ...(readOnly
          ? []
          : [
              {
                title: t('fields.actions'),
                key: 'actions',
                fixed: 'right' as const,
                render: (_: unknown, r: OtaDevice) => (
                  <Space size="small">
                    {OTA_RETRYABLE.includes(r.status as OtaDeviceStatusName) && (
                      <Button size="small" onClick={() => act(() => retryJob(jobId, r.terminalID))}>
                        {t('retry')}
                      </Button>
                    )}
                    {!OTA_FINAL.includes(r.status as OtaDeviceStatusName) && (
                      <Button size="small" danger onClick={() => act(() => cancelJob(jobId, r.terminalID))}>
                        {t('cancel')}
                      </Button>
                    )}
                  </Space>
                ),
              },
            ]),
      ]}
    />
  );
}
