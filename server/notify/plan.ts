import { FENCE_POST_TYPES } from '../../src/domain/fence/rules';
import { ancestorIds } from '../../src/domain/hierarchy';
import type { AlarmEvent } from '../../src/domain/live-events';

/**
 * Which notices a new alarm makes (pure). SMS and calls follow the alarm's post type (a fence
 * allocation's: platform only, +SMS, +SMS and phone, +phone) and go to the device owner's
 * telephone; every enabled webhook of an account on the path from the owner up to the root gets
 * the alarm, since those accounts see the owner's subtree.
 */
export type Channel = 'sms' | 'phone' | 'webhook';
export const CHANNELS: readonly Channel[] = ['sms', 'phone', 'webhook'];
export const STATUSES = ['pending', 'sent', 'failed'] as const;
export type NoticeStatus = (typeof STATUSES)[number];

/** An alarm as storeAlarms told it, with what the notices need. */
export interface AlarmToNotify extends AlarmEvent {
  attributes?: Record<string, unknown> | null;
  postType?: number;
}

/** The account that owns the alarm's device. */
export interface AlarmOwner {
  userId: number;
  ancestors: string;
  telephone: string;
  language: string | null;
  deviceName: string;
}

export interface EndpointRef {
  userId: number;
  url: string;
}

export interface PlannedNotice {
  alarmId: number;
  userId: number;
  channel: Channel;
  target: string;
  body: string;
}

/** The phone channels a post type asks for. */
export function phoneChannels(postType: number | undefined): Channel[] {
  switch (postType) {
    case FENCE_POST_TYPES.sms:
      return ['sms'];
    case FENCE_POST_TYPES.smsPhone:
      return ['sms', 'phone'];
    case FENCE_POST_TYPES.phone:
      return ['phone'];
    default:
      return [];
  }
}

/** The JSON a webhook receives for an alarm (docs/api/notify.md). */
export function alarmPayload(a: AlarmToNotify, deviceName: string) {
  return {
    event: 'alarm' as const,
    id: a.id,
    alarm: a.alarm,
    terminalId: a.terminalId,
    deviceId: a.deviceId,
    deviceName,
    time: a.time,
    lat: a.lat,
    lon: a.lon,
    speed: a.speed,
    attributes: a.attributes ?? null,
  };
}

/** The JSON of "send a test event": an alarm-shaped body a receiver can tell apart. */
export function testPayload(time: Date) {
  return { event: 'test' as const, id: null, alarm: 'test', time: time.toISOString() };
}

/**
 * The notices of the alarms: `owners` by device id (a device without owner makes none),
 * `endpoints` the enabled ones of any account (those off an owner's path are ignored), `text`
 * the SMS and call wording for an owner.
 */
export function planNotices(
  alarms: readonly AlarmToNotify[],
  owners: ReadonlyMap<number, AlarmOwner>,
  endpoints: readonly EndpointRef[],
  text: (a: AlarmToNotify, owner: AlarmOwner) => string,
): PlannedNotice[] {
  const out: PlannedNotice[] = [];
  for (const a of alarms) {
    const owner = owners.get(a.deviceId);
    if (!owner) continue;
    const phone = owner.telephone.trim();
    const channels = phone ? phoneChannels(a.postType) : [];
    if (channels.length) {
      const body = text(a, owner);
      for (const channel of channels)
        out.push({ alarmId: a.id, userId: owner.userId, channel, target: phone, body });
    }
    const path = new Set([owner.userId, ...ancestorIds({ id: owner.userId, ancestors: owner.ancestors })]);
    const seen = new Set<string>();
    let body: string | null = null;
    for (const e of endpoints) {
      const k = `${e.userId} ${e.url}`;
      if (!path.has(e.userId) || seen.has(k)) continue;
      seen.add(k);
      body ??= JSON.stringify(alarmPayload(a, owner.deviceName));
      out.push({ alarmId: a.id, userId: e.userId, channel: 'webhook', target: e.url, body });
    }
  }
  return out;
}

/** Every account id on the path from these owners up to the root (whose webhooks may apply). */
export function pathIds(owners: Iterable<AlarmOwner>): number[] {
  const ids = new Set<number>();
  for (const o of owners) {
    ids.add(o.userId);
    for (const id of ancestorIds({ id: o.userId, ancestors: o.ancestors })) ids.add(id);
  }
  return [...ids];
}
