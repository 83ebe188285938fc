import { lazy } from 'react';
import { TeamOutlined } from '@ant-design/icons';
import { PERMISSIONS as P } from '../../config/roles';
import { AGENT_ENTITY as entity } from './agent/fields';
import { group, inGroup, screen, type ResourceDescriptor } from './types';

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
    screen('indexAgentListExport', '/index/agent/indexAgentListExport', [P.agentList], {
      entity,
      view: {
        kind: 'form',
        endpoint: '/user/indexAgentListExport',
        fields: ['countOf', 'format'],
        result: 'download',
        fileName: 'accounts',
      },
    }),
    screen('setImportRecords', '/index/agent/setImportRecords', [P.agentImportNum], {
      entity,
      view: {
        kind: 'list',
        endpoint: '/user/findImportNumRecord',
        rowKey: 'id',
        columns: ['createdAt', 'userId', 'operator', 'delta', 'balanceAfter', 'remark'],
        filters: ['userId'],
        toolbarActions: [
          {
            name: 'assign',
            labelKey: 'actions.assign',
            endpoint: '/user/addAgentImportNum',
            permissions: [P.agentImportNum],
            fields: ['account', 'num', 'remark'],
          },
        ],
      },
    }),
    screen('agentDeviceCount', '/index/agent/agentDeviceCount', [P.agentList], {
      entity,
      view: {
        kind: 'list',
        endpoint: '/user/agentDeviceCount',
        rowKey: 'id',
        paged: false,
        columns: [
          'username',
          'nickname',
          'role',
          'own',
          'subtree',
          'online',
          'offline',
          'inactive',
          'expired',
        ],
        filters: ['countOf'],
      },
    }),
  ]),
];
