import { App, notification } from 'antd';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import {
  groupAlarms,
  noticeMode,
  toggleMuted,
  withoutType,
  type AlarmNotice,
  type IncomingAlarm,
} from '../../domain/alarm-notices';
import { currentAlarmType } from '../../domain/alarm-types';
import { AlarmNoticeActions, AlarmNoticeLines, alarmLabel } from './AlarmNoticeBody';
import { readMutedAlarms, writeMutedAlarms } from './settings';

/** At most this many notices at once (each one device's alarms); a burst must not bury the map. */
const NOTICES_MAX = 3;
/** Seconds a notice stays; a new alarm of its device starts the count again. */
const NOTICE_SECONDS = 8;
/** Below the phone's map toolbar (one row of 44 px buttons). */
const NOTICE_TOP_PHONE = 64;
/** Above the map's offline notice and its list-load error. */
const NOTICE_BOTTOM = 44;

interface Options {
  userId: number | undefined;
  /** Phone layout: notices at the top of the map. */
  phone: boolean;
  panelOpen: boolean;
  /** Width beside the open panel for notices (0 on a phone): without room, a badge (noticeMode). */
  room: number;
  deviceName(id: number): string | undefined;
  onOpenDevice(id: number): void;
  /** The layer over the map the notices are placed in (AlarmNoticeLayer). */
  container: RefObject<HTMLDivElement | null>;
}

/**
 * The alarm pop-ups of the monitor (issue 32): one notice per device for alarms arriving close
 * together (alarm-notices.ts), alarm types muted from the notice (kept per user), and, while the
 * device panel is open with no room beside it (a phone), a red bell instead of notices
 * over the panel.
 */
export function useAlarmNotices({
  userId,
  phone,
  panelOpen,
  room,
  deviceName,
  onOpenDevice,
  container,
}: Options) {
  const { t } = useTranslation('monitor');
  const { message } = App.useApp();
  // In the map: on a phone at the top under the toolbar (the list sheet and the panel are at the
  // bottom); on a desktop bottom left, above the map notice, clear of the panel at the top right.
  const [api, holder] = notification.useNotification({
    maxCount: NOTICES_MAX,
    stack: false,
    top: NOTICE_TOP_PHONE,
    bottom: NOTICE_BOTTOM,
    getContainer: () => container.current ?? document.body,
  });
  const [muted, setMuted] = useState<string[]>(() => readMutedAlarms(userId));
  const mutedRef = useRef(new Set(muted));
  const groups = useRef<AlarmNotice[]>([]);
  const [held, setHeld] = useState(0);
  const mode = noticeMode(panelOpen, phone ? 0 : room);
  const modeRef = useRef(mode);
  modeRef.current = mode;

  const saveMuted = useCallback(
    (next: string[]) => {
      setMuted(next);
      mutedRef.current = new Set(next);
      writeMutedAlarms(userId, next);
    },
    [userId],
  );

  // The latest callbacks, for notices shown earlier whose buttons are clicked later.
  const show = useRef<(n: AlarmNotice) => void>(() => {});
  const mute = useRef<(type: string) => void>(() => {});
  show.current = (n) => {
    const open = () => {
      api.destroy(n.key);
      onOpenDevice(n.deviceId);
    };
    api.warning({
      key: n.key,
      message: <span data-testid="alarm-notice-device">{deviceName(n.deviceId) ?? n.terminalId}</span>,
      description: <AlarmNoticeLines notice={n} t={t} />,
      actions: <AlarmNoticeActions notice={n} t={t} onOpen={open} onMute={(type) => mute.current(type)} />,
      onClick: () => onOpenDevice(n.deviceId),
      onClose: () => {
        groups.current = groups.current.filter((g) => g.key !== n.key);
      },
      duration: NOTICE_SECONDS,
      placement: phone ? 'top' : 'bottomLeft',
      props: { 'data-testid': 'alarm-notice' },
    });
  };
  mute.current = (type) => {
    saveMuted(toggleMuted([...mutedRef.current], type, true));
    const r = withoutType(groups.current, type);
    groups.current = r.notices;
    for (const key of r.closed) api.destroy(key);
    for (const n of r.changed) show.current(n);
    message.info(t('alarms.mutedDone', { type: alarmLabel(t, type) }));
  };

  /** Alarms arrived; false when every one of them is muted (no sound either). */
  const notify = useCallback((alarms: readonly IncomingAlarm[]): boolean => {
    const loud = alarms.filter((a) => !mutedRef.current.has(currentAlarmType(a.alarm)));
    if (!loud.length) return false;
    if (modeRef.current === 'badge') {
      setHeld((h) => h + loud.length);
      return true;
    }
    const r = groupAlarms(groups.current, loud, Date.now(), mutedRef.current);
    groups.current = r.notices;
    for (const n of r.changed) show.current(n);
    return true;
  }, []);

  // The panel opened without room beside it: notices showing would cover it, so they give way
  // to the red bell.
  useEffect(() => {
    if (mode !== 'badge') {
      setHeld(0);
      return;
    }
    for (const g of groups.current) api.destroy(g.key);
    groups.current = [];
  }, [mode, api]);

  return {
    holder,
    notify,
    muted,
    unmute: (type: string) => saveMuted(toggleMuted(muted, type, false)),
    /** Alarms that arrived while notices were collapsed into the bell. */
    held,
    clearHeld: () => setHeld(0),
  };
}
