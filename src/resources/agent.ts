import { TeamOutlined } from '@ant-design/icons';
import { PERMISSIONS as P } from '../../config/roles';
import { group, inGroup, screen, type ResourceDescriptor } from './types';

/** Agent (account) management (spec section 2, /index/agent/*). */
export const agentResources: ResourceDescriptor[] = [
  group('agentGroup', TeamOutlined),
  ...inGroup('agentGroup', [
    screen('agentList', '/index/agent/agentList', [P.agentList]),
    screen('indexAgentListExport', '/index/agent/indexAgentListExport', [P.agentList]),
    screen('setImportRecords', '/index/agent/setImportRecords', [P.agentImportNum]),
    screen('agentDeviceCount', '/index/agent/agentDeviceCount', [P.agentList]),
  ]),
];
