import { Alert, Card, Col, Empty, Row, Select, Space, Tag } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCommandSets } from '../../components/command/useCommandSets';
import { DEVICE_STATE } from '../../domain/codes';
import { displayName, type MonitorDevice } from '../../domain/device-view';
import { errorText } from '../../i18n/errorText';
import { connectLive } from '../../providers/live';
import { getToken } from '../../providers/session';
import { fetchDevices } from '../monitor/api';
import { HistoryTabs } from './HistoryTabs';
import { SendPanel } from './SendPanel';

const STATE_COLORS: Record<number, string> = {
  [DEVICE_STATE.online]: 'green',
  [DEVICE_STATE.offline]: 'default',
  [DEVICE_STATE.unactivated]: 'orange',
};

/**
 * The command console (/index/directive): pick a device (or arrive with ?terminalID= from the
 * monitor), pick one of its type's commands, fill the generated form and send; the history and
 * offline queue beside it follow live command results.
 */
export default function DirectivePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [devices, setDevices] = useState<MonitorDevice[]>([]);
  const [loadError, setLoadError] = useState<string | null>(null);
  const { sets, error: setsError } = useCommandSets();
  const [version, setVersion] = useState(0);
  const selected = params.get('terminalID') ?? undefined;
  const device = devices.find((d) => d.terminalID === selected);

  useEffect(() => {
    const ac = new AbortController();
    fetchDevices(undefined, ac.signal).then(
      setDevices,
      (e) => !ac.signal.aborted && setLoadError(errorText(e)),
    );
    return () => ac.abort();
  }, []);

  // A reply arriving later (an offline command delivered on reconnect) refreshes the tables.
  useEffect(() => {
    const token = getToken();
    if (!device || !token) return;
    const live = connectLive({
      token,
      onEvents: (events) => {
        if (events.some((e) => e.type === 'command' && e.deviceId === device.id)) setVersion((v) => v + 1);
      },
    });
    return () => live.close();
  }, [device]);

  const options = useMemo(
    () =>
      devices.map((d) => ({
        value: d.terminalID,
        label: `${displayName(d)} (${d.terminalID}) · ${d.deviceType}`,
      })),
    [devices],
  );
  const commands = device && sets ? (sets[device.deviceType]?.commands ?? []) : [];
  const problem = loadError ?? (setsError ? errorText(setsError) : null);

  return (
    <Card data-testid="directive-page" title={t('menu:directive')}>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          showSearch
          optionFilterProp="label"
          value={selected}
          options={options}
          onChange={(v: string) => setParams({ terminalID: v })}
          placeholder={t('command:console.pickDevice')}
          // Never wider than a phone's screen.
          style={{ width: 420, maxWidth: 'calc(100vw - 72px)' }}
          data-testid="directive-device"
        />
        {device ? (
          <>
            <Tag color={STATE_COLORS[device.state]} data-testid="device-state">
              {t(`command:deviceState.${device.state}`)}
            </Tag>
            <Tag>{device.deviceType}</Tag>
          </>
        ) : null}
      </Space>
      {problem ? <Alert type="error" showIcon message={problem} /> : null}
      {!device ? (
        <Empty description={t('command:console.pickDevice')} />
      ) : (
        <Row gutter={24}>
          <Col xs={24} xxl={10}>
            {commands.length ? (
              <SendPanel device={device} commands={commands} onSent={() => setVersion((v) => v + 1)} />
            ) : (
              <Empty description={t('command:console.noCommands')} />
            )}
          </Col>
          <Col xs={24} xxl={14}>
            <HistoryTabs terminalID={device.terminalID} version={version} />
          </Col>
        </Row>
      )}
    </Card>
  );
}
