import { AlertOutlined, DashboardOutlined } from '@ant-design/icons';
import { lazy } from 'react';
import { PERMISSIONS as P } from '../../config/roles';
import { group, inGroup, screen, type ResourceDescriptor } from './types';

/** Alarms (unread/read) and tire pressure. */
export const alarmResources: ResourceDescriptor[] = [
  group('alarmGroup', AlertOutlined),
  ...inGroup('alarmGroup', [
    screen('alarms', '/index/alarms', [P.alarms]),
    screen('alarmsAll', '/index/alarmsAll', [P.alarms]),
  ]),
  screen('tire', '/index/tire', [P.tire], {
    icon: DashboardOutlined,
    page: lazy(() => import('../pages/tire/TirePage')),
  }),
];
