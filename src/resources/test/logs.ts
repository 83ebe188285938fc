import { FileTextOutlined } from '@ant-design/icons';
import { PERMISSIONS as P } from '../../../config/roles';
import { group, inGroup, screen, type ResourceDescriptor } from '../types';

/** Device logs: raw frame search, the live monitor, command tasks and device state. */
export const logResources: ResourceDescriptor[] = [
  group('logGroup', FileTextOutlined),
  ...inGroup('logGroup', [
    screen('logSearch', '/test/log/search', [P.testLog]),
    screen('logMonitor', '/test/log/monitor', [P.testLog]),
    screen('logCmdTask', '/test/log/cmdTask', [P.testLog]),
    screen('logDeviceState', '/test/log/deviceState', [P.testLog]),
  ]),
];
