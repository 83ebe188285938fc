import { AlertOutlined, DashboardOutlined } from '@ant-design/icons';
import { lazy } from 'react';
import { PERMISSIONS as P } from '../../config/roles';
import { alarmEntityStartingAt } from './alarm/fields';
import { ALARM_LIST_VIEW } from './alarm/views';
import { group, inGroup, screen, type ResourceDescriptor } from './types';

/** Alarms (one list: unread first on alarms, every alarm on alarmsAll) and tire pressure. */
export const alarmResources: ResourceDescriptor[] = [
  group('alarmGroup', AlertOutlined),
  ...inGroup('alarmGroup', [
    screen('alarms', '/index/alarms', [P.alarms], {
      entity: alarmEntityStartingAt('unread'),
      view: ALARM_LIST_VIEW,
    }),
    screen('alarmsAll', '/index/alarmsAll', [P.alarms], {
      entity: alarmEntityStartingAt('all'),
      view: ALARM_LIST_VIEW,
    }),
  ]),
  screen('tire', '/index/tire', [P.tire], {
    icon: DashboardOutlined,
    page: lazy(() => import('../pages/tire/TirePage')),
  }),
];
