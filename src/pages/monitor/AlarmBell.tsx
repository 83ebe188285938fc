import { BellOutlined, SoundOutlined, MutedOutlined } from '@ant-design/icons';
import { Badge, Button, Popover, Space, Switch, Typography, notification } from 'antd';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { displayName } from '../../domain/device-view';
import type { AlarmEvent } from '../../providers/live';
import { beep } from './beep';
import { readAlarmSound, writeAlarmSound } from './settings';
import { formatDateTime } from './texts';
import type { DeviceStore } from './store';
import { useUnreadAlarms } from './useUnreadAlarms';

// antd's List (with Pagination and rc-select) loads when the bell is opened (page weight, issue 18).
const AlarmRecent = lazy(() => import('./AlarmRecent'));

const RECENT_MAX = 50;
/** At most this many pop-ups at once; a burst of alarms must not bury the map. */
const POPUPS_MAX = 3;
/** One beep per this interval at most, however many alarms arrive. */
const BEEP_GAP_MS = 2_000;

/**
 * Alarm pop-ups, the unread count (the server's unread total plus new alarms, see
 * useUnreadAlarms), a link to the alarm list and the sound switch (stored as alarmSound {isOpen}).
 */
export function AlarmBell({ store, onOpenDevice }: { store: DeviceStore; onOpenDevice(id: number): void }) {
  const { t } = useTranslation('monitor');
  const [api, holder] = notification.useNotification({ maxCount: POPUPS_MAX, placement: 'bottomRight' });
  const { allowed, unread, arrived, reread } = useUnreadAlarms();
  const [recent, setRecent] = useState<AlarmEvent[]>([]);
  const [sound, setSound] = useState(readAlarmSound);
  const soundRef = useRef(sound);
  soundRef.current = sound;
  const lastBeep = useRef(0);

  useEffect(() => {
    store.onAlarms = (alarms) => {
      arrived(alarms.length);
      setRecent((r) => [...alarms.slice().reverse(), ...r].slice(0, RECENT_MAX));
      for (const a of alarms.slice(-POPUPS_MAX)) {
        const d = store.devices.get(a.deviceId);
        api.warning({
          key: `alarm-${a.id}`,
          message: t(`alarm.${a.alarm}`, { defaultValue: a.alarm }),
          description: `${d ? displayName(d) : a.terminalId} · ${formatDateTime(a.time)}`,
          onClick: () => onOpenDevice(a.deviceId),
        });
      }
      if (soundRef.current && Date.now() - lastBeep.current > BEEP_GAP_MS) {
        lastBeep.current = Date.now();
        beep();
      }
    };
    return () => {
      store.onAlarms = undefined;
    };
  }, [store, api, t, onOpenDevice, arrived]);

  useEffect(() => {
    store.onListLoaded = reread;
    return () => {
      store.onListLoaded = undefined;
    };
  }, [store, reread]);

  const toggleSound = (on: boolean) => {
    setSound(on);
    writeAlarmSound(on);
  };

  const content = (
    <div style={{ width: 300 }}>
      <Space style={{ marginBottom: 8 }}>
        {sound ? <SoundOutlined /> : <MutedOutlined />}
        <Typography.Text>{t('alarms.sound')}</Typography.Text>
        <Switch size="small" checked={sound} onChange={toggleSound} data-testid="alarm-sound" />
      </Space>
      <Suspense fallback={null}>
        <AlarmRecent recent={recent} onOpenDevice={onOpenDevice} />
      </Suspense>
      {allowed ? (
        <Link to="/index/alarms" data-testid="alarm-bell-all" style={{ display: 'block', marginTop: 8 }}>
          {t('alarm:bell.viewAll')} · {t('alarm:bell.unreadCount', { count: unread })}
        </Link>
      ) : null}
    </div>
  );

  return (
    <>
      {holder}
      <Popover content={content} title={t('alarms.title')} trigger="click">
        <Badge count={unread} size="small" overflowCount={99}>
          <Button icon={<BellOutlined />} title={t('alarms.title')} data-testid="alarm-bell" />
        </Badge>
      </Popover>
    </>
  );
}
