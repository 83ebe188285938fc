import { EnvironmentOutlined } from '@ant-design/icons';
import { lazy } from 'react';
import { PERMISSIONS as P } from '../../config/roles';
import { prefetchDeviceList } from '../pages/monitor/listPrefetch';
import { screen, type ResourceDescriptor } from './types';

/** The monitor map: home page of the reseller area (admin, agent, superUser, user). */
export const monitorResources: ResourceDescriptor[] = [
  screen('home', '/index/home', [P.monitor], {
    icon: EnvironmentOutlined,
    // The device list is asked while the monitor's code loads (listPrefetch.ts).
    page: lazy(() => {
      prefetchDeviceList();
      return import('../pages/monitor/MonitorPage');
    }),
  }),
];
