import { BellFilled, BellOutlined, SoundOutlined, MutedOutlined } from '@ant-design/icons';
import { Badge, Button, Popover, Space, Switch, Tag, Typography } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { displayName } from '../../domain/device-view';
import { useSessionUser } from '../../hooks/useSession';
import type { AlarmEvent } from '../../providers/live';
import { alarmLabel } from './AlarmNoticeBody';
import { beep } from './beep';
import { readAlarmSound, writeAlarmSound } from './settings';
import type { DeviceStore } from './store';
import { useAlarmNotices } from './useAlarmNotices';
import { useUnreadAlarms } from './useUnreadAlarms';

// antd's List (with Pagination and rc-select) loads when the bell is opened (page weight, issue 18).
const AlarmRecent = lazy(() => import('./AlarmRecent'));

const RECENT_MAX = 50;
/** One beep per this interval at most, however many alarms arrive. */
const BEEP_GAP_MS = 2_000;

interface Props {
  store: DeviceStore;
  onOpenDevice(id: number): void;
  /** Phone layout: with the device panel open, pop-ups collapse into a red bell (useAlarmNotices). */
  phone: boolean;
  panelOpen: boolean;
  /** Width of the notice layer beside the panel. */
  noticeRoom: number;
  /** Where the notices go (AlarmNoticeLayer, over the map). */
  noticeRoot: RefObject<HTMLDivElement | null>;
}

/**
 * Alarm pop-ups (grouped per device, types mutable: useAlarmNotices), the unread count (the
 * server's unread total plus new alarms, see useUnreadAlarms), a link to the alarm list, the
 * sound switch (stored as alarmSound {isOpen}) and the muted types to turn back on.
 */
export function AlarmBell({ store, onOpenDevice, phone, panelOpen, noticeRoom, noticeRoot }: Props) {
  const { t } = useTranslation('monitor');
  const user = useSessionUser();
  const deviceName = useCallback(
    (id: number) => {
      const d = store.devices.get(id);
      return d && displayName(d);
    },
    [store],
  );
  const notices = useAlarmNotices({
    userId: user?.id,
    phone,
    panelOpen,
    room: noticeRoom,
    deviceName,
    onOpenDevice,
    container: noticeRoot,
  });
  const notify = notices.notify;
  const [open, setOpen] = useState(false);
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
      // Muted types still count and list; they neither pop up nor sound.
      const loud = notify(alarms);
      if (loud && soundRef.current && Date.now() - lastBeep.current > BEEP_GAP_MS) {
        lastBeep.current = Date.now();
        beep();
      }
    };
    return () => {
      store.onAlarms = undefined;
    };
  }, [store, notify, arrived]);

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
      {notices.muted.length > 0 && (
        <div style={{ marginBottom: 8 }} data-testid="muted-alarms">
          <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 4 }}>
            {t('alarms.mutedList')}
          </Typography.Text>
          {notices.muted.map((type) => (
            <Tag
              key={type}
              closable
              onClose={(e) => {
                e.preventDefault();
                notices.unmute(type);
              }}
              closeIcon={<span aria-label={t('alarms.unmute', { type: alarmLabel(t, type) })}>×</span>}
              data-testid={`muted-${type}`}
              style={{ marginBottom: 4 }}
            >
              {alarmLabel(t, type)}
            </Tag>
          ))}
        </div>
      )}
      <Suspense fallback={null}>
        <AlarmRecent
          recent={recent}
          onOpenDevice={(id) => {
            setOpen(false);
            onOpenDevice(id);
          }}
        />
      </Suspense>
      {allowed ? (
        <Link to="/index/alarms" data-testid="alarm-bell-all" style={{ display: 'block', marginTop: 8 }}>
          {t('alarm:bell.viewAll')} · {t('alarm:bell.unreadCount', { count: unread })}
        </Link>
      ) : null}
    </div>
  );

  // Alarms that came while the notices gave way to a phone's panel turn the bell red (its count
  // already holds them): a button of their own would widen the toolbar, which then wraps and
  // moves the buttons under the user's thumb.
  const held = notices.held > 0 ? t('alarms.held', { count: notices.held }) : undefined;
  return (
    <>
      {notices.holder}
      <Popover
        content={content}
        title={t('alarms.title')}
        trigger="click"
        open={open}
        onOpenChange={(next) => {
          if (next) notices.clearHeld();
          setOpen(next);
        }}
      >
        <Badge count={unread} size="small" overflowCount={99}>
          <Button
            icon={held ? <BellFilled /> : <BellOutlined />}
            type={held ? 'primary' : 'default'}
            danger={!!held}
            title={held ?? t('alarms.title')}
            aria-label={held ?? t('alarms.title')}
            data-testid="alarm-bell"
            data-held={notices.held}
          />
        </Badge>
      </Popover>
    </>
  );
}
