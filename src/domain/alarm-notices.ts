/**
 * The monitor's alarm pop-ups (issue 32: SOS, power cut and movement arrived as three pop-ups at
 * once and, on a phone, covered the device panel). A device's alarms that arrive close together
 * make one notice listing them; types the user muted make none (they still count on the bell and
 * list in the alarm screens). Pure: tests/unit/monitor/alarm-notices.test.ts.
 */
import { currentAlarmType } from './alarm-types';

/** Alarms of one device arriving within this long of the previous one join its notice. */
export const NOTICE_GROUP_MS = 15_000;
/** Lines a notice lists; more types are summed up as "+N". */
export const NOTICE_LINES_MAX = 4;

/** What the grouping reads of an alarm event (the websocket's AlarmEvent has these). */
export interface IncomingAlarm {
  id: number;
  deviceId: number;
  terminalId: string;
  alarm: string;
  time: string;
}

export interface NoticeAlarm {
  id: number;
  /** The current name of the type (alarm-types.ts currentAlarmType). */
  type: string;
  time: string;
}

export interface AlarmNotice {
  /** Stable while the notice grows: the pop-up is updated in place under it. */
  key: string;
  deviceId: number;
  terminalId: string;
  alarms: NoticeAlarm[];
  /** When its last alarm arrived (the page's clock). */
  lastAt: number;
}

export interface Grouped {
  /** The notices still open to new alarms. */
  notices: AlarmNotice[];
  /** The notices to show or update now, each once. */
  changed: AlarmNotice[];
}

/**
 * Adds arriving alarms to the open notices at `now`: a device's alarm joins its notice while
 * that notice's last alarm is at most `windowMs` old, else starts a new one. Muted types and
 * alarms already in a notice are left out.
 */
export function groupAlarms(
  open: readonly AlarmNotice[],
  incoming: readonly IncomingAlarm[],
  now: number,
  muted: ReadonlySet<string>,
  windowMs = NOTICE_GROUP_MS,
): Grouped {
  const notices = open.filter((n) => now - n.lastAt <= windowMs);
  const changed = new Set<AlarmNotice>();
  for (const a of incoming) {
    const type = currentAlarmType(a.alarm);
    if (muted.has(type)) continue;
    const i = notices.findIndex((n) => n.deviceId === a.deviceId);
    const prev = i >= 0 ? notices[i] : undefined;
    if (prev?.alarms.some((x) => x.id === a.id)) continue;
    const alarm = { id: a.id, type, time: a.time };
    const next: AlarmNotice = prev
      ? { ...prev, alarms: [...prev.alarms, alarm], lastAt: now }
      : {
          key: `alarm-${a.deviceId}-${a.id}`,
          deviceId: a.deviceId,
          terminalId: a.terminalId,
          alarms: [alarm],
          lastAt: now,
        };
    if (prev) {
      notices[i] = next;
      changed.delete(prev);
    } else notices.push(next);
    changed.add(next);
  }
  return { notices, changed: [...changed] };
}

export interface NoticeLine {
  type: string;
  count: number;
  /** The latest alarm time of the type. */
  time: string;
}

/** A notice's lines: one per type in order of arrival, with how many and the latest time. */
export function noticeLines(n: AlarmNotice): { lines: NoticeLine[]; more: number } {
  const byType = new Map<string, NoticeLine>();
  for (const a of n.alarms) {
    const l = byType.get(a.type);
    if (l) {
      l.count++;
      if (a.time > l.time) l.time = a.time;
    } else byType.set(a.type, { type: a.type, count: 1, time: a.time });
  }
  const all = [...byType.values()];
  return { lines: all.slice(0, NOTICE_LINES_MAX), more: Math.max(0, all.length - NOTICE_LINES_MAX) };
}

/** The types a notice offers to mute: each of its types once. */
export const noticeTypes = (n: AlarmNotice): string[] => [...new Set(n.alarms.map((a) => a.type))];

/**
 * The open notices once `type` is muted: its alarms leave them; a notice left empty is to be
 * closed (`closed`), one that kept others is to be shown again (`changed`).
 */
export function withoutType(
  open: readonly AlarmNotice[],
  type: string,
): { notices: AlarmNotice[]; changed: AlarmNotice[]; closed: string[] } {
  const notices: AlarmNotice[] = [];
  const changed: AlarmNotice[] = [];
  const closed: string[] = [];
  for (const n of open) {
    if (!n.alarms.some((a) => a.type === type)) {
      notices.push(n);
      continue;
    }
    const alarms = n.alarms.filter((a) => a.type !== type);
    if (!alarms.length) {
      closed.push(n.key);
      continue;
    }
    const next = { ...n, alarms };
    notices.push(next);
    changed.push(next);
  }
  return { notices, changed, closed };
}

/** Muted types as kept: current names, each once, in a stable order. */
export function toggleMuted(muted: readonly string[], type: string, mute: boolean): string[] {
  const set = new Set(muted.map(currentAlarmType));
  const t = currentAlarmType(type);
  if (mute) set.add(t);
  else set.delete(t);
  return [...set].sort();
}

/**
 * Width a notice needs beside the device panel: the narrowest notice whose lines and buttons
 * still read well (notices narrow to the room they have, AlarmNoticeLayer), and its margin. Not
 * antd's full 384 px: beside the panel of a 1280 px window there are 316, and pop-ups that never
 * showed there while a device was selected (most of the time) helped nobody.
 */
export const NOTICE_ROOM = 280 + 24;

/**
 * How pop-ups show. They never cover the open device panel: where the map has no room for them
 * beside it (a phone, whose panel is a bottom drawer as wide as the screen: `room` 0; a narrow
 * window) they collapse into the bell, which turns red (AlarmBell).
 */
export const noticeMode = (panelOpen: boolean, room: number): 'popup' | 'badge' =>
  panelOpen && room < NOTICE_ROOM ? 'badge' : 'popup';
