import { App, Button, Card, Popconfirm, Progress, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../i18n/errorText';
import { formatDateTime } from '../../monitor/texts';
import { cancelJob, listJobs, retryJob, type OtaJob } from './api';
import { CreateJobModal } from './CreateJobModal';
import { JobDevices } from './JobDevices';
import { StatusTag } from './StatusTag';
import { usePolled } from './usePolled';

/**
 * OTA jobs with their progress, read again every few seconds; a row opens its devices. Staff
 * (otaList) create, cancel and retry; the OTA viewer (otaUpdateListForUser) only reads.
 */
export function OtaJobs({ readOnly }: { readOnly: boolean }) {
  const { t } = useTranslation('ota');
  const { message } = App.useApp();
  const [page, setPage] = useState({ num: 1, size: 15 });
  const [creating, setCreating] = useState(false);
  const { data, error, reload } = usePolled(() => listJobs(page.num, page.size), [page.num, page.size]);

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
    <Card
      data-testid="ota-jobs"
      title={t(readOnly ? 'viewerTitle' : 'jobsTitle')}
      extra={
        !readOnly && (
          <Button type="primary" data-testid="ota-create" onClick={() => setCreating(true)}>
            {t('createJob')}
          </Button>
        )
      }
    >
      {error ? <Typography.Text type="danger">{errorText(error)}</Typography.Text> : null}
      <Table<OtaJob>
        rowKey="id"
        size="middle"
        dataSource={data?.list ?? []}
        loading={!data && !error}
        expandable={{ expandedRowRender: (j) => <JobDevices jobId={j.id} readOnly={readOnly} />, expandRowByClick: true }}
        pagination={{
          current: page.num,
          pageSize: page.size,
          total: data?.total ?? 0,
          onChange: (num, size) => setPage({ num, size }),
        }}
        columns={[
          { title: t('fields.name'), dataIndex: 'name' },
          { title: t('fields.deviceType'), dataIndex: 'deviceType' },
          { title: t('fields.version'), dataIndex: 'firmwareVersion' },
          { title: t('fields.status'), dataIndex: 'status', render: (s: string) => <StatusTag status={s} /> },
          {
            title: t('fields.progress'),
            dataIndex: 'progress',
            width: 180,
            render: (p: number, j) => <Progress percent={p} size="small" status={j.failed ? 'exception' : undefined} />,
          },
          {
            title: t('fields.counts'),
            key: 'counts',
            render: (_: unknown, j) =>
              t('counts', { total: j.total, success: j.success, failed: j.failed, active: j.active, pending: j.pending }),
          },
          { title: t('fields.createdAt'), dataIndex: 'createdAt', render: (s: string) => formatDateTime(s) },
          ...(readOnly
            ? []
            : [
                {
                  title: t('fields.actions'),
                  key: 'actions',
                  render: (_: unknown, j: OtaJob) => (
                    // Clicks here do not open the row.
                    <Space size="small" onClick={(e) => e.stopPropagation()}>
                      {(j.failed > 0 || j.cancelled > 0) && (
                        <Button size="small" onClick={() => act(() => retryJob(j.id))}>
                          {t('retryAll')}
                        </Button>
                      )}
                      {(j.status === 'running' || j.status === 'pending') && (
                        <Popconfirm title={t('cancelConfirm')} onConfirm={() => act(() => cancelJob(j.id))}>
                          <Button size="small" danger>
                            {t('cancel')}
                          </Button>
                        </Popconfirm>
                      )}
                    </Space>
                  ),
                },
              ]),
        ]}
      />
      {creating && (
        <CreateJobModal
          onClose={(created) => {
            setCreating(false);
            if (created) void reload();
          }}
        />
      )}
    </Card>
  );
}

/** /test/ota/otaList */
export default function OtaJobsPage() {
  return <OtaJobs readOnly={false} />;
}
