import { BarChartOutlined } from '@ant-design/icons';
import { PERMISSIONS as P } from '../../config/roles';
import { group, inGroup, screen, type ResourceDescriptor } from './types';

/** Statistics (spec section 2, /index/count/*). */
export const countResources: ResourceDescriptor[] = [
  group('countGroup', BarChartOutlined),
  ...inGroup('countGroup', [
    screen('countMileage', '/index/count/countMileage', [P.countMileage]),
    screen('countAlarms', '/index/count/countAlarms', [P.countAlarms]),
    screen('countStayDetail', '/index/count/countStayDetail', [P.countStay]),
    screen('countTrackInfo', '/index/count/CountTrackInfo', [P.countTrack]),
    screen('countPastDue', '/index/count/countPastDue', [P.countPastDue]),
    screen('countExport', '/index/count/countExport', [P.countExport]),
    screen('countBattery', '/index/count/countBattery', [P.countBattery]),
  ]),
];
