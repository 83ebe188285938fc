import { lazy } from 'react';
import { TeamOutlined } from '@ant-design/icons';
import { PERMISSIONS as P } from '../../config/roles';
import { group, inGroup, screen, type ResourceDescriptor } from './types';

const generic = () => import('./agent/screens').then((m) => m.AGENT_SCREENS);

/**
 * Agent (account) management (spec section 2, /index/agent/*). The tree is hand-written (a tree
 * with per-node actions); import records, device counts and the export are pure descriptors.
 */
export const agentResources: ResourceDescriptor[] = [
  group('agentGroup', TeamOutlined),
  ...inGroup('agentGroup', [
    screen('agentList', '/index/agent/agentList', [P.agentList], {
      page: lazy(() => import('../pages/agent/AgentTreePage')),
    }),
    screen('indexAgentListExport', '/index/agent/indexAgentListExport', [P.agentList], { generic }),
    screen('setImportRecords', '/index/agent/setImportRecords', [P.agentImportNum], { generic }),
    screen('agentDeviceCount', '/index/agent/agentDeviceCount', [P.agentList], { generic }),
  ]),
];
