import { PERMISSIONS as P, ROLE, isAdmin, isAgentRole, type Permission } from '../../../config/roles';
import { isInSubtree, type AgentTreeNode } from '../../domain/hierarchy';

/**
 * The actions of the agent tree (spec sections 2 and 5), each on one account: who may use it
 * (permission), on which nodes (`applies`), its form fields (names of AGENT_FIELDS) and the call.
 * Rules the server enforces are mirrored only to hide buttons that could not succeed.
 */
export interface AccountAction {
  name: 'add' | 'edit' | 'changeUsername' | 'transfer' | 'importNum' | 'resetPassword' | 'delete';
  permission: Permission;
  fields: readonly string[];
  endpoint: string;
  /**
   * Fields only the administrator sets, and only on an agent below it (the server refuses them
   * from anyone else): whether the agent may import third-party devices.
   */
  adminFields?: readonly string[];
  /** true: a confirmation instead of a form. */
  confirm?: boolean;
  danger?: boolean;
  applies: (node: AgentTreeNode, selfId: number) => boolean;
  body: (node: AgentTreeNode, values: Record<string, unknown>) => Record<string, unknown>;
}

const notSelf = (n: AgentTreeNode, selfId: number) => n.id !== selfId;

export const ACCOUNT_ACTIONS: readonly AccountAction[] = [
  {
    name: 'add',
    permission: P.agentAdd,
    fields: ['username', 'password', 'newRole', 'nickname', 'telephone', 'remark'],
    endpoint: '/user/insertUser',
    // A non-agent cannot have sub-users added (spec section 5).
    applies: (n) => isAgentRole(n.role),
    body: (n, v) => ({ ...v, parentId: n.id }),
  },
  {
    name: 'edit',
    permission: P.agentEdit,
    fields: ['nickname', 'realname', 'telephone', 'email', 'address', 'remark'],
    adminFields: ['importThirdParty'],
    endpoint: '/user/updateUser',
    applies: () => true,
    body: (n, v) => ({ ...v, id: n.id }),
  },
  {
    name: 'changeUsername',
    permission: P.agentChangeUsername,
    fields: ['username'],
    endpoint: '/user/updateUserName',
    applies: notSelf,
    body: (n, v) => ({ id: n.id, username: v.username }),
  },
  {
    name: 'transfer',
    permission: P.agentTransfer,
    fields: ['transferTo'],
    endpoint: '/user/transferAgent',
    applies: notSelf,
    body: (n, v) => ({ id: n.id, user_id: v.user_id }),
  },
  {
    name: 'importNum',
    permission: P.agentImportNum,
    fields: ['num', 'remark'],
    endpoint: '/user/addAgentImportNum',
    applies: (n, selfId) => notSelf(n, selfId) && isAgentRole(n.role),
    body: (n, v) => ({ id: n.id, num: v.num, remark: v.remark }),
  },
  {
    name: 'resetPassword',
    permission: P.agentResetPwd,
    fields: [],
    endpoint: '/user/resetPassword',
    confirm: true,
    applies: notSelf,
    body: (n) => ({ id: n.id }),
  },
  {
    name: 'delete',
    permission: P.agentDel,
    fields: [],
    endpoint: '/user/deleteUser',
    confirm: true,
    danger: true,
    applies: notSelf,
    body: (n) => ({ id: n.id }),
  },
];

/**
 * Accounts an account may be moved under: agents that are neither itself nor below it (a parent
 * cannot go under its own child; an account not to itself), and not its current parent.
 */
export const canReceive = (target: AgentTreeNode, moved: AgentTreeNode) =>
  isAgentRole(target.role) && !isInSubtree(target, moved) && target.id !== moved.parentId;

/** Nodes whose username or nickname contains the text, with the path down to them kept. */
export function filterTree(nodes: AgentTreeNode[], text: string): AgentTreeNode[] {
  const q = text.trim().toLowerCase();
  if (!q) return nodes;
  return nodes.flatMap((n) => {
    const children = filterTree(n.children, q);
    const hit = n.username.toLowerCase().includes(q) || n.nickname.toLowerCase().includes(q);
    return hit || children.length > 0 ? [{ ...n, children: hit ? n.children : children }] : [];
  });
}

/** The form fields of an action for this caller on this account (adminFields for the administrator). */
export const fieldsFor = (
  action: AccountAction,
  node: AgentTreeNode,
  caller: { id: number; role?: number | null },
) =>
  action.adminFields && isAdmin(caller) && isAgentRole(node.role) && node.role !== ROLE.admin
    ? [...action.fields, ...action.adminFields]
    : action.fields;
