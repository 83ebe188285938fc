import { PERMISSIONS as P } from '../../../config/roles';
import type { ScreenRegistry } from '../types';
import { AGENT_ENTITY as entity } from './fields';

/** The account screens drawn by the generic renderer, by screen name (src/resources/agent.ts). */
export const AGENT_SCREENS = {
  indexAgentListExport: {
    entity,
    view: {
      kind: 'form',
      endpoint: '/user/indexAgentListExport',
      fields: ['countOf', 'format'],
      result: 'download',
      fileName: 'accounts',
    },
  },
  setImportRecords: {
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
  },
  agentDeviceCount: {
    entity,
    view: {
      kind: 'list',
      endpoint: '/user/agentDeviceCount',
      rowKey: 'id',
      paged: false,
      columns: ['username', 'nickname', 'role', 'own', 'subtree', 'online', 'offline', 'inactive', 'expired'],
      filters: ['countOf'],
    },
  },
} satisfies ScreenRegistry;
