import { App, Button, Popconfirm, Table, Tabs, Tag, Timeline, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../i18n/errorText';
import { cancelOffline, commandLog, offlineQueue, type CommandRow, type OfflineRow } from './api';
import { RESULT_COLORS, STATUS_COLORS } from '../../components/command/colors';
import { replyText, resultName } from './replyText';
import { WriteGuard } from '../../components/WriteGuard';
import { useWriteRefusal } from '../../hooks/useWriteRefusal';
import { formatDateTime } from '../../domain/date-format';

const PAGE = 10;
const time = (v: string | null) =>
  v ? <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(v, 'monthDaySecond')}</span> : null;

interface Props {
  terminalID: string;
  /** Bumped when something changed (a command sent, a reply arrived): both tables reload. */
  version: number;
}

type Paged<T> = ReturnType<typeof usePage<T>>;

function usePage<T>(load: (page: number) => Promise<{ list: T[]; total: number }>, version: number) {
  const [page, setPage] = useState(1);
  const [data, setData] = useState<{ list: T[]; total: number }>({ list: [], total: 0 });
  const [loading, setLoading] = useState(false);
  const reload = useCallback(() => {
    setLoading(true);
    load(page)
      .then(setData, () => undefined)
      .finally(() => setLoading(false));
  }, [load, page]);
  useEffect(reload, [reload, version]);
  return { page, setPage, data, loading, reload };
}

/** A device's command history and its offline queue with every status change and cancel. */
export function HistoryTabs({ terminalID, version }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const refusal = useWriteRefusal();
  const sent = usePage(
    useCallback((p: number) => commandLog(terminalID, p, PAGE), [terminalID]),
    version,
  );
  const queue = usePage(
    useCallback((p: number) => offlineQueue(terminalID, p, PAGE), [terminalID]),
    version,
  );
  const status = (s: string) => <Tag color={STATUS_COLORS[s]}>{t(`command:status.${s}`, s)}</Tag>;

  const cancel = async (id: number) => {
    try {
      await cancelOffline(terminalID, id);
      queue.reload();
    } catch (e) {
      void message.error(errorText(e));
    }
  };

  // What the two tables share: the first columns, and paging from their own page of rows.
  const leading = [
    { title: t('command:history.time'), dataIndex: 'createdAt', render: time },
    {
      title: t('command:history.content'),
      dataIndex: 'content',
      render: (v: string) => <code>{v}</code>,
    },
    { title: t('command:history.sender'), dataIndex: 'username', width: 110 },
    { title: t('command:history.status'), dataIndex: 'status', render: status, width: 100 },
  ];
  const tableProps = <T,>(p: Paged<T>) => ({
    size: 'small' as const,
    rowKey: 'id',
    scroll: { x: 'max-content' as const },
    loading: p.loading,
    dataSource: p.data.list,
    pagination: { current: p.page, pageSize: PAGE, total: p.data.total, onChange: p.setPage },
  });

  const history = (
    <Table<CommandRow>
      {...tableProps(sent)}
      data-testid="command-history"
      columns={[
        ...leading,
        {
          title: t('command:history.result'),
          dataIndex: 'result',
          width: 90,
          render: (r: number | null) => {
            const n = resultName(r);
            return n ? <Tag color={RESULT_COLORS[n]}>{t(`command:result.${n}`)}</Tag> : null;
          },
        },
        {
          title: t('command:history.reply'),
          dataIndex: 'backContent',
          render: (v: string | null) => replyText(v, t),
        },
        { title: t('command:history.repliedAt'), dataIndex: 'repliedAt', render: time },
      ]}
    />
  );

  const offline = (
    <Table<OfflineRow>
      {...tableProps(queue)}
      data-testid="offline-queue"
      expandable={{
        expandedRowRender: (row) => (
          <Timeline
            items={row.changes.map((c) => ({
              color: STATUS_COLORS[c.status] === 'red' ? 'red' : undefined,
              children: (
                <span>
                  {time(c.at)} · {t(`command:status.${c.status}`, c.status)}
                  {c.username ? ` · ${c.username}` : ''}
                  {c.detail ? (
                    <Typography.Text type="secondary"> · {replyText(c.detail, t)}</Typography.Text>
                  ) : null}
                </span>
              ),
            }))}
          />
        ),
      }}
      columns={[
        ...leading,
        { title: t('command:history.expiresAt'), dataIndex: 'expiresAt', render: time },
        {
          title: t('command:history.reply'),
          dataIndex: 'reply',
          render: (v: string | null) => replyText(v, t),
        },
        {
          title: '',
          key: 'cancel',
          width: 90,
          render: (_: unknown, row) =>
            row.status === 'queued' ? (
              <Popconfirm
                title={t('command:history.cancelConfirm')}
                onConfirm={() => void cancel(row.id)}
                disabled={refusal !== null}
              >
                <WriteGuard reason={refusal}>
                  <Button size="small" danger data-testid={`cancel-offline-${row.id}`}>
                    {t('command:history.cancel')}
                  </Button>
                </WriteGuard>
              </Popconfirm>
            ) : null,
        },
      ]}
    />
  );

  return (
    <Tabs
      items={[
        { key: 'history', label: t('command:history.sentTab'), children: history },
        {
          key: 'offline',
          label: t('command:history.offlineTab', { count: queue.data.total }),
          children: offline,
        },
      ]}
    />
  );
}
