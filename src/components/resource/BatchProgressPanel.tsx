import { Alert, Button, Progress, Space, Statistic, Table } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../i18n/errorText';
import type { SheetFormat } from '../../sheets';
import { DevicePasswordsPanel } from './DevicePasswordsPanel';
import { saveSheet } from './files';
import type { BatchState } from './useBatchRun';

/** Rows of a failure table shown on screen; the download holds them all. */
const SHOWN_FAILURES = 200;

/** Progress of a running batch, then its summary and the failures with a downloadable report. */
export function BatchProgressPanel({ state }: { state: BatchState }) {
  const { t } = useTranslation();
  const { running, done, total, result, error } = state;
  if (!running && !result && !error) return null;
  const percent = total > 0 ? Math.floor((done / total) * 100) : 0;
  const failures = (result?.failed ?? []).map((f) => ({ ...f, reason: t(`errors:${f.key}`, f.message) }));

  const download = (format: SheetFormat) =>
    saveSheet(
      [
        { key: 'terminalID', header: t('device:fields.terminalID'), width: 20 },
        { key: 'reason', header: t('device:generic.reason'), width: 50 },
      ],
      failures,
      format,
      'batch-failures',
    );

  return (
    <Space direction="vertical" style={{ width: '100%', marginTop: 16 }}>
      <div data-testid="batch-progress" data-done={done} data-total={total}>
        <Progress
          percent={result ? 100 : percent}
          // The number even when done: a bare check mark would not say "100%".
          format={(p) => `${p}%`}
          status={running ? 'active' : error ? 'exception' : 'success'}
        />
        <span>{t('device:generic.progress', { done, total })}</span>
      </div>
      {error ? <Alert type="error" showIcon message={errorText(error)} /> : null}
      {result ? (
        <Space size="large" data-testid="batch-summary">
          <Statistic title={t('device:generic.total')} value={result.total} />
          <Statistic
            title={t('device:generic.succeeded')}
            value={result.succeeded}
            valueStyle={{ color: '#3f8600' }}
          />
          <Statistic
            title={t('device:generic.failed')}
            value={result.failedCount ?? result.failed.length}
            valueStyle={{ color: '#cf1322' }}
          />
        </Space>
      ) : null}
      {result?.passwords ? <DevicePasswordsPanel passwords={result.passwords} /> : null}
      {failures.length > 0 ? (
        <>
          <Space>
            <Button
              icon={<DownloadOutlined />}
              onClick={() => void download('xlsx')}
              data-testid="download-failures"
            >
              {t('device:generic.failureReport')} (xlsx)
            </Button>
            <Button icon={<DownloadOutlined />} onClick={() => void download('csv')}>
              {t('device:generic.failureReport')} (csv)
            </Button>
          </Space>
          <Table
            size="small"
            rowKey="terminalID"
            dataSource={failures.slice(0, SHOWN_FAILURES)}
            pagination={false}
            scroll={{ y: 240 }}
            columns={[
              { dataIndex: 'terminalID', title: t('device:fields.terminalID'), width: 200 },
              { dataIndex: 'reason', title: t('device:generic.reason') },
            ]}
          />
        </>
      ) : null}
    </Space>
  );
}
