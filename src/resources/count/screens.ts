import type { ScreenRegistry } from '../types';
import { COUNT_ENTITY as entity } from './fields';
import {
  ALARMS_VIEW,
  BATTERY_VIEW,
  EXPORT_VIEW,
  MILEAGE_VIEW,
  PAST_DUE_VIEW,
  STAYS_VIEW,
  TRACK_INFO_VIEW,
} from './views';

/** The statistics screens' entity and report views by screen name (src/resources/count.ts). */
export const COUNT_SCREENS = {
  countMileage: { entity, view: MILEAGE_VIEW },
  countAlarms: { entity, view: ALARMS_VIEW },
  countStayDetail: { entity, view: STAYS_VIEW },
  countTrackInfo: { entity, view: TRACK_INFO_VIEW },
  countPastDue: { entity, view: PAST_DUE_VIEW },
  countExport: { entity, view: EXPORT_VIEW },
  countBattery: { entity, view: BATTERY_VIEW },
} satisfies ScreenRegistry;
