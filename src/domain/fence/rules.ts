/**
 * What a fence allocation raises as a device moves (spec sections 4 and 9): crossing alarms per
 * the alarm mode (in, out, in/out), and the time modes: a minute count per side after which
 * staying inside (or outside) raises an alarm once per visit; 0 turns that mode off. Pure: the
 * gateway keeps the state per allocation and feeds it every stored fix.
 */
import type { PlatformAlarmType } from '../alarm-types';

export const FENCE_ALARM_MODES = ['in', 'out', 'inout'] as const;
export type FenceAlarmMode = (typeof FENCE_ALARM_MODES)[number];

/** Alarm types a fence raises (under the platform's names, as the seed's). */
export const FENCE_ALARMS = {
  in: 'fenceIn',
  out: 'fenceOut',
  stayIn: 'fenceStayIn',
  stayOut: 'fenceStayOut',
} as const satisfies Record<string, PlatformAlarmType>;
export type FenceAlarm = (typeof FENCE_ALARMS)[keyof typeof FENCE_ALARMS];

/** How an allocation's alarms are posted (spec section 9): on the platform, plus SMS and/or a phone call. */
export const FENCE_POST_TYPES = { platform: 1, sms: 2, smsPhone: 3, phone: 4 } as const;
export type FencePostType = (typeof FENCE_POST_TYPES)[keyof typeof FENCE_POST_TYPES];

export interface FenceRule {
  mode: FenceAlarmMode;
  /** Minutes inside before a stay alarm; 0 off. */
  inMinutes: number;
  /** Minutes outside before a stay-out alarm; 0 off. */
  outMinutes: number;
}

export interface FenceSide {
  /** Null until the first fix after the allocation: no crossing can be told from it. */
  inside: boolean | null;
  /** Since when (ms) the device is on this side. */
  since: number;
  /** The stay alarm of this visit is raised. */
  stayRaised: boolean;
}

export const UNKNOWN_SIDE: FenceSide = { inside: null, since: 0, stayRaised: false };

export function fenceStep(
  side: FenceSide,
  inside: boolean,
  at: number,
  rule: FenceRule,
): { side: FenceSide; alarm: FenceAlarm | null } {
  if (side.inside === null) return { side: { inside, since: at, stayRaised: false }, alarm: null };
  if (inside !== side.inside) {
    const wanted = inside ? rule.mode !== 'out' : rule.mode !== 'in';
    const alarm = wanted ? (inside ? FENCE_ALARMS.in : FENCE_ALARMS.out) : null;
    return { side: { inside, since: at, stayRaised: false }, alarm };
  }
  const minutes = inside ? rule.inMinutes : rule.outMinutes;
  if (minutes > 0 && !side.stayRaised && at - side.since >= minutes * 60_000)
    return { side: { ...side, stayRaised: true }, alarm: inside ? FENCE_ALARMS.stayIn : FENCE_ALARMS.stayOut };
  return { side, alarm: null };
}
