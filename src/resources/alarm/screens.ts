import type { ScreenRegistry } from '../types';
import { alarmEntityStartingAt } from './fields';
import { ALARM_LIST_VIEW } from './views';

/** The alarm lists by screen name (src/resources/alarms.ts): one view, two starting filters. */
export const ALARM_SCREENS = {
  alarms: { entity: alarmEntityStartingAt('unread'), view: ALARM_LIST_VIEW },
  alarmsAll: { entity: alarmEntityStartingAt('all'), view: ALARM_LIST_VIEW },
} satisfies ScreenRegistry;
