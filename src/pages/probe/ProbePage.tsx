import { ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Space, Table, Tag, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { runChecks, type CheckRow, type CheckState } from './runChecks';

const COLOR: Record<CheckState, string> = { ok: 'green', failed: 'red', warn: 'orange', skipped: 'default' };
const STATE_KEY: Record<CheckState, string> = {
  ok: 'probe.ok',
  failed: 'probe.failed',
  warn: 'probe.warn',
  skipped: 'probe.skipped',
};

/**
 * /_test (spec section 2): a public diagnostics page for support calls — does this browser
 * reach the server, its database, bus and live channel, is its clock right, can it draw maps.
 */
export default function ProbePage() {
  const { t, i18n } = useTranslation('device');
  const [rows, setRows] = useState<CheckRow[] | null>(null);

  const run = useCallback(async () => {
    setRows(null);
    setRows(await runChecks(i18n.language));
  }, [i18n.language]);

  useEffect(() => {
    void run();
  }, [run]);

  return (
    <div style={{ maxWidth: 880, margin: '32px auto', padding: '0 16px' }}>
      <Card
        title={t('probe.title')}
        extra={
          <Space>
            <Button
              icon={<ReloadOutlined />}
              onClick={() => void run()}
              loading={!rows}
              data-testid="probe-run"
            >
              {t('probe.run')}
            </Button>
            <Link to="/login">{t('probe.back')}</Link>
          </Space>
        }
      >
        <Typography.Paragraph type="secondary">{t('probe.intro')}</Typography.Paragraph>
        <Table<CheckRow>
          data-testid="probe-table"
          rowKey="key"
          size="small"
          pagination={false}
          loading={!rows}
          dataSource={rows ?? []}
          columns={[
            { title: t('probe.check'), render: (_, r) => t(r.labelKey, r.labelParams ?? {}) },
            {
              title: t('probe.result'),
              width: 120,
              render: (_, r) => (
                <Tag color={COLOR[r.state]} data-testid={`probe-${r.key}`} data-state={r.state}>
                  {t(STATE_KEY[r.state])}
                </Tag>
              ),
            },
            {
              title: t('probe.detail'),
              render: (_, r) =>
                !r.detail ? '' : 'text' in r.detail ? r.detail.text : t(r.detail.key, r.detail.params ?? {}),
            },
          ]}
        />
      </Card>
    </div>
  );
}
