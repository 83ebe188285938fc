import { ASSIGNABLE_ROLES, ROLE } from '../../../config/roles';
import { validatePassword, validateTelephone, validateUsername } from '../../domain/validators';
import type { EntityDescriptor, EntityField } from '../types';

const text = (extra: Partial<EntityField> = {}): EntityField => ({ type: 'text', maxLength: 64, ...extra });
const count = (): EntityField => ({ type: 'number', width: 100 });

/** Roles an agent may give a sub-account (the server checks the same matrix: roleNotAllowed). */
export const SUB_ACCOUNT_ROLES = ASSIGNABLE_ROLES[ROLE.agent];

const roleOptions = Object.entries(ROLE).map(([name, value]) => ({ value, labelKey: `roles.${name}` }));

/** Account fields (spec section 3 "User info", "Agent list rows", "Device count record"). */
export const AGENT_FIELDS: Record<string, EntityField> = {
  id: { type: 'number', width: 80 },
  username: text({ required: true, validate: validateUsername, maxLength: 32 }),
  nickname: text(),
  role: { type: 'select', options: roleOptions, required: true },
  newRole: {
    type: 'select',
    labelKey: 'fields.role',
    param: 'role',
    required: true,
    initialValue: ROLE.user,
    options: roleOptions.filter((o) => (SUB_ACCOUNT_ROLES as readonly number[]).includes(o.value)),
  },
  password: { type: 'password', required: true, validate: validatePassword, maxLength: 32 },
  realname: text(),
  telephone: text({ validate: validateTelephone, maxLength: 20 }),
  email: text({ maxLength: 128 }),
  address: text({ maxLength: 255 }),
  remark: { type: 'textarea', maxLength: 255 },
  // Set by the administrator on an agent (issue 32): imports of devices without a factory test record.
  importThirdParty: { type: 'boolean', helpKey: 'help.importThirdParty' },
  deviceCount: count(),
  saleCount: count(),
  transferTo: { type: 'account', required: true, param: 'user_id', labelKey: 'fields.transferTo' },
  // import counts
  userId: { type: 'account', labelKey: 'fields.account', param: 'id' },
  account: { type: 'account', required: true, param: 'id' },
  num: { type: 'number', required: true, min: -1_000_000, max: 1_000_000, helpKey: 'help.num' },
  operator: text(),
  delta: count(),
  balanceAfter: count(),
  createdAt: { type: 'datetime', width: 170 },
  // device counts per account
  countOf: { type: 'account', labelKey: 'fields.account', param: 'userId' },
  own: count(),
  subtree: count(),
  online: count(),
  offline: count(),
  inactive: count(),
  expired: count(),
  // export
  format: {
    type: 'select',
    required: true,
    initialValue: 'xlsx',
    options: [
      { value: 'xlsx', label: 'Excel (xlsx)' },
      { value: 'csv', label: 'CSV' },
    ],
  },
};

export const AGENT_ENTITY: EntityDescriptor = { namespace: 'agent', subject: 'agent', fields: AGENT_FIELDS };
