import { BarChartOutlined } from '@ant-design/icons';
import { PERMISSIONS as P } from '../../config/roles';
import { group, inGroup, screen, type ResourceDescriptor } from './types';

const generic = () => import('./count/screens').then((m) => m.COUNT_SCREENS);

/** Statistics (spec section 2, /index/count/*): report views drawn by the generic renderer. */
export const countResources: ResourceDescriptor[] = [
  group('countGroup', BarChartOutlined),
  ...inGroup('countGroup', [
    screen('countMileage', '/index/count/countMileage', [P.countMileage], { generic }),
    screen('countAlarms', '/index/count/countAlarms', [P.countAlarms], { generic }),
    screen('countStayDetail', '/index/count/countStayDetail', [P.countStay], { generic }),
    screen('countTrackInfo', '/index/count/CountTrackInfo', [P.countTrack], { generic }),
    screen('countPastDue', '/index/count/countPastDue', [P.countPastDue], { generic }),
    screen('countExport', '/index/count/countExport', [P.countExport], { generic }),
    screen('countBattery', '/index/count/countBattery', [P.countBattery], { generic }),
  ]),
];
