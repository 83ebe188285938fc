import { AlertOutlined, DashboardOutlined } from '@ant-design/icons';
import { lazy } from 'react';
import { PERMISSIONS as P } from '../../config/roles';
import { group, inGroup, screen, type ResourceDescriptor } from './types';

const generic = () => import('./alarm/screens').then((m) => m.ALARM_SCREENS);

/** Alarms (one list: unread first on alarms, every alarm on alarmsAll) and tire pressure. */
export const alarmResources: ResourceDescriptor[] = [
  group('alarmGroup', AlertOutlined),
  ...inGroup('alarmGroup', [
    screen('alarms', '/index/alarms', [P.alarms], { generic }),
    screen('alarmsAll', '/index/alarmsAll', [P.alarms], { generic }),
  ]),
  screen('tire', '/index/tire', [P.tire], {
    icon: DashboardOutlined,
    page: lazy(() => import('../pages/tire/TirePage')),
  }),
];
