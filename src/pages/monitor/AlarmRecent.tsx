import { List } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AlarmEvent } from '../../providers/live';
import { formatDateTime } from './texts';

/**
 * The alarm bell's list of recent alarms, loaded when the bell is first opened: antd's List
 * brings its Pagination and, through the page-size changer, rc-select (page weight, issue 18).
 */
export default function AlarmRecent({
  recent,
  onOpenDevice,
}: {
  recent: AlarmEvent[];
  onOpenDevice(id: number): void;
}) {
  const { t } = useTranslation('monitor');
  return (
    <List
      size="small"
      dataSource={recent}
      locale={{ emptyText: t('alarms.none') }}
      style={{ maxHeight: 300, overflow: 'auto' }}
      renderItem={(a) => (
        <List.Item style={{ cursor: 'pointer' }} onClick={() => onOpenDevice(a.deviceId)}>
          <List.Item.Meta
            title={t(`alarm.${a.alarm}`, { defaultValue: a.alarm })}
            description={`${a.terminalId} · ${formatDateTime(a.time)}`}
          />
        </List.Item>
      )}
    />
  );
}
