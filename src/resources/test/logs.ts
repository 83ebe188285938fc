import { FileTextOutlined } from '@ant-design/icons';
import { lazy } from 'react';
import { PERMISSIONS as P } from '../../../config/roles';
import { group, inGroup, screen, type ResourceDescriptor } from '../types';

const generic = () => import('./logScreens').then((m) => m.LOG_SCREENS);

/** Device logs: raw frame search, the live monitor, command tasks, device state and the frame decoder. */
export const logResources: ResourceDescriptor[] = [
  group('logGroup', FileTextOutlined),
  ...inGroup('logGroup', [
    screen('logSearch', '/test/log/search', [P.testLog], { generic }),
    screen('logMonitor', '/test/log/monitor', [P.testLog], {
      page: lazy(() => import('../../pages/test/log/LogMonitorPage')),
    }),
    screen('logCmdTask', '/test/log/cmdTask', [P.testLog], { generic }),
    screen('logDeviceState', '/test/log/deviceState', [P.testLog], { generic }),
    screen('logDecode', '/test/log/decode', [P.testLog], {
      page: lazy(() => import('../../pages/test/log/LogDecodePage')),
    }),
  ]),
];
