import { Space } from 'antd';
import { ListScreen } from '../../components/resource/ListScreen';
import { NOTIFY_ENTITY, NOTIFY_LISTS } from '../../resources/notify/lists';

/** "Alarm notifications": the webhook endpoints over the notification log, both generic lists. */
export default function NotifyPage() {
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="alarm-notify">
      {NOTIFY_LISTS.map((r) => (
        <ListScreen key={r.name} resource={r} entity={NOTIFY_ENTITY} view={r.view} />
      ))}
    </Space>
  );
}
