import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Select, Space, Spin, Tag, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { displayName, type MonitorDevice } from '../../domain/device-view';
import { errorText } from '../../i18n/errorText';
import { request } from '../../providers/http';
import { fetchDevices } from '../monitor/api';
import { TIRE_MODEL, type TireAnswer } from './tireView';
import { WheelCard } from './WheelCard';
import { formatDateTime } from '../../domain/date-format';

/** Readings are re-read this often while the screen is open (terminals report every minute or so). */
const REFRESH_MS = 30_000;

/** Tire pressure (spec section 3): the latest reading of every wheel of one vehicle. */
export default function TirePage() {
  const { t } = useTranslation('tire');
  const [params, setParams] = useSearchParams();
  const [devices, setDevices] = useState<MonitorDevice[]>([]);
  const [answer, setAnswer] = useState<TireAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const selected = params.get('terminalID') ?? undefined;

  useEffect(() => {
    const ac = new AbortController();
    fetchDevices(undefined, ac.signal).then(setDevices, () => {});
    return () => ac.abort();
  }, []);

  // TPMS vehicles first, then the rest (a terminal of another model may still carry 0x66).
  const options = useMemo(
    () =>
      [...devices]
        .sort((a, b) => Number(b.deviceType === TIRE_MODEL) - Number(a.deviceType === TIRE_MODEL))
        .map((d) => ({
          value: d.terminalID,
          label: `${displayName(d)} (${d.terminalID}) · ${d.deviceType}`,
        })),
    [devices],
  );
  // Without a choice yet: the first TPMS vehicle.
  useEffect(() => {
    const first = devices.find((d) => d.deviceType === TIRE_MODEL);
    if (!selected && first) setParams({ terminalID: first.terminalID }, { replace: true });
  }, [devices, selected, setParams]);

  const load = useCallback(async () => {
    if (!selected) return;
    setLoading(true);
    try {
      setAnswer(await request<TireAnswer>('/tire/findTire', { terminalID: selected }));
      setError(null);
    } catch (e) {
      setAnswer(null);
      setError(errorText(e));
    } finally {
      setLoading(false);
    }
  }, [selected]);

  useEffect(() => {
    void load();
    const timer = setInterval(() => void load(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [load]);

  return (
    <Card data-testid="tire-page">
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          showSearch
          optionFilterProp="label"
          value={selected}
          options={options}
          onChange={(v) => setParams({ terminalID: v })}
          placeholder={t('pickDevice')}
          style={{ width: 420 }}
          data-testid="tire-device"
        />
        <Button icon={<ReloadOutlined />} onClick={() => void load()} loading={loading}>
          {t('refresh')}
        </Button>
        {answer && (
          <Typography.Text type="secondary" data-testid="tire-updated">
            {answer.updatedAt ? t('updatedAt', { time: formatDateTime(answer.updatedAt) }) : t('never')}
          </Typography.Text>
        )}
        {answer && answer.abnormal > 0 && (
          <Tag color="red" data-testid="tire-abnormal">
            {t('abnormalWheels', { count: answer.abnormal })}
          </Tag>
        )}
      </Space>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      {!answer && loading && <Spin />}
      {answer && answer.list.length === 0 && <Empty description={t('noReadings')} />}
      {answer && answer.list.length > 0 && (
        <div
          data-testid="tire-wheels"
          style={{
            display: 'grid',
            gridTemplateColumns: `repeat(${columnsOf(answer)}, minmax(180px, 240px))`,
            gap: 16,
          }}
        >
          {answer.list.map((w) => (
            <WheelCard key={w.position} wheel={w} columns={columnsOf(answer)} wheels={wheelsOf(answer)} />
          ))}
        </div>
      )}
    </Card>
  );
}

/** Wheels of the vehicle: up to the highest position that reported. */
const wheelsOf = (a: TireAnswer) => Math.max(...a.list.map((w) => w.position)) + 1;
/** Two wheels a row for a car; four (twin wheels) for a truck with more than four. */
const columnsOf = (a: TireAnswer): 2 | 4 => (wheelsOf(a) > 4 ? 4 : 2);
