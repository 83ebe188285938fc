import { FileTextOutlined } from '@ant-design/icons';
import { lazy } from 'react';
import { PERMISSIONS as P } from '../../../config/roles';
import { group, inGroup, screen, type ResourceDescriptor } from '../types';
import { LOG_ENTITY, LOG_VIEWS } from './logFields';

/** Device logs: raw frame search, the live monitor, command tasks, device state and the frame decoder. */
export const logResources: ResourceDescriptor[] = [
  group('logGroup', FileTextOutlined),
  ...inGroup('logGroup', [
    screen('logSearch', '/test/log/search', [P.testLog], { entity: LOG_ENTITY, view: LOG_VIEWS.logSearch }),
    screen('logMonitor', '/test/log/monitor', [P.testLog], {
      page: lazy(() => import('../../pages/test/log/LogMonitorPage')),
    }),
    screen('logCmdTask', '/test/log/cmdTask', [P.testLog], {
      entity: LOG_ENTITY,
      view: LOG_VIEWS.logCmdTask,
    }),
    screen('logDeviceState', '/test/log/deviceState', [P.testLog], {
      entity: LOG_ENTITY,
      view: LOG_VIEWS.logDeviceState,
    }),
    screen('logDecode', '/test/log/decode', [P.testLog], {
      page: lazy(() => import('../../pages/test/log/LogDecodePage')),
    }),
  ]),
];
