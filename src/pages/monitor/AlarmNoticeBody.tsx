import { BellOutlined, DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, Space } from 'antd';
import type { TFunction } from 'i18next';
import { noticeLines, noticeTypes, type AlarmNotice } from '../../domain/alarm-notices';
import { formatDateTime } from './texts';

/** An alarm type's name on the monitor (its own short list, the raw name for the rest). */
export const alarmLabel = (t: TFunction, type: string) => t(`monitor:alarm.${type}`, { defaultValue: type });

/** The lines of a grouped notice: each type once, with how many and when last (issue 32). */
export function AlarmNoticeLines({ notice, t }: { notice: AlarmNotice; t: TFunction }) {
  const { lines, more } = noticeLines(notice);
  return (
    <div data-testid="alarm-notice-lines">
      {lines.map((l) => (
        <div
          key={l.type}
          data-testid="alarm-notice-line"
          data-type={l.type}
          style={{ display: 'flex', gap: 6 }}
        >
          <strong>{alarmLabel(t, l.type)}</strong>
          {l.count > 1 && <span>×{l.count}</span>}
          <span style={{ marginInlineStart: 'auto', color: 'rgba(0,0,0,0.45)', fontSize: 12 }}>
            {formatDateTime(l.time).slice(11)}
          </span>
        </div>
      ))}
      {more > 0 && (
        <div style={{ color: 'rgba(0,0,0,0.45)' }}>{t('monitor:alarms.more', { count: more })}</div>
      )}
    </div>
  );
}

interface ActionsProps {
  notice: AlarmNotice;
  t: TFunction;
  onOpen(): void;
  onMute(type: string): void;
}

/**
 * The notice's buttons: show the device, or mute one of its types (a menu: a notice lists
 * several). Clicks stay here: the notice's own click opens the device.
 */
export function AlarmNoticeActions({ notice, t, onOpen, onMute }: ActionsProps) {
  const types = noticeTypes(notice);
  return (
    // Wrapped in a notice narrowed beside the device panel (NOTICE_ROOM).
    <Space size={6} wrap onClick={(e) => e.stopPropagation()}>
      <Dropdown
        trigger={['click']}
        menu={{
          items: types.map((type) => ({
            key: type,
            label: (
              <span data-testid={`mute-${type}`}>
                {t('monitor:alarms.muteType', { type: alarmLabel(t, type) })}
              </span>
            ),
          })),
          onClick: ({ key }) => onMute(key),
        }}
      >
        <Button size="small" icon={<BellOutlined />} data-testid="alarm-notice-mute">
          {t('monitor:alarms.mute')} <DownOutlined />
        </Button>
      </Dropdown>
      <Button size="small" type="primary" onClick={onOpen} data-testid="alarm-notice-open">
        {t('monitor:alarms.open')}
      </Button>
    </Space>
  );
}
