import { EnvironmentOutlined } from '@ant-design/icons';
import { lazy } from 'react';
import { PERMISSIONS as P } from '../../config/roles';
import { screen, type ResourceDescriptor } from './types';

/** The monitor map: home page of the reseller area (admin, agent, superUser, user). */
export const monitorResources: ResourceDescriptor[] = [
  screen('home', '/index/home', [P.monitor], {
    icon: EnvironmentOutlined,
    page: lazy(() => import('../pages/monitor/MonitorPage')),
  }),
];
