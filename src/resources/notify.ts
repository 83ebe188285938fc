import { NotificationOutlined } from '@ant-design/icons';
import { lazy } from 'react';
import { PERMISSIONS as P } from '../../config/roles';
import { inGroup, screen, type ResourceDescriptor } from './types';

/** Alarm notifications: webhooks over the notification log, one page of two lists (notify/lists.ts). */
export const notifyResources: ResourceDescriptor[] = inGroup('alarmGroup', [
  screen('alarmNotify', '/index/alarmNotify', [P.alarms], {
    icon: NotificationOutlined,
    page: lazy(() => import('../pages/notify/NotifyPage')),
  }),
]);
