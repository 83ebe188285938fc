import { BarChartOutlined } from '@ant-design/icons';
import { PERMISSIONS as P } from '../../config/roles';
import { COUNT_ENTITY as entity } from './count/fields';
import {
  ALARMS_VIEW,
  BATTERY_VIEW,
  EXPORT_VIEW,
  MILEAGE_VIEW,
  PAST_DUE_VIEW,
  STAYS_VIEW,
  TRACK_INFO_VIEW,
} from './count/views';
import { group, inGroup, screen, type ResourceDescriptor } from './types';

/** Statistics (spec section 2, /index/count/*): report views drawn by the generic renderer. */
export const countResources: ResourceDescriptor[] = [
  group('countGroup', BarChartOutlined),
  ...inGroup('countGroup', [
    screen('countMileage', '/index/count/countMileage', [P.countMileage], { entity, view: MILEAGE_VIEW }),
    screen('countAlarms', '/index/count/countAlarms', [P.countAlarms], { entity, view: ALARMS_VIEW }),
    screen('countStayDetail', '/index/count/countStayDetail', [P.countStay], { entity, view: STAYS_VIEW }),
    screen('countTrackInfo', '/index/count/CountTrackInfo', [P.countTrack], {
      entity,
      view: TRACK_INFO_VIEW,
    }),
    screen('countPastDue', '/index/count/countPastDue', [P.countPastDue], { entity, view: PAST_DUE_VIEW }),
    screen('countExport', '/index/count/countExport', [P.countExport], { entity, view: EXPORT_VIEW }),
    screen('countBattery', '/index/count/countBattery', [P.countBattery], { entity, view: BATTERY_VIEW }),
  ]),
];
