/**
 * What the account routes answer (issue 16). Shapes follow server/services/user-info.ts
 * (UserInfo), server/services/accounts/* and server/services/devices/agent-counts.ts.
 */
import { Nullable, Page, Row, Stamp, Type } from '../../lib/schema/response';
import type { TSchema } from 'typebox';

const Str = () => Type.String();
const Int = () => Type.Integer();

/** The user info object of spec section 3 (toUserInfo), with its device figures. */
export const UserInfo = Row(
  {
    id: Int(),
    user_id: Type.Integer({ description: 'Same as id (the spec’s name)' }),
    parentId: Int(),
    username: Str(),
    nickname: Str(),
    role: Type.Integer({ description: 'ROLE code of config/roles.ts' }),
    token: Type.Optional(Type.String({ description: 'Only in a session payload' })),
    realname: Str(),
    telephone: Str(),
    email: Str(),
    address: Str(),
    idCard: Str(),
    ancestors: Type.String({ description: 'Comma-separated id chain from the root, e.g. "0,1,2"' }),
    importNum: Type.Integer({ description: 'Devices the account may still import' }),
    importThirdParty: Type.Optional(
      Type.Boolean({
        description: 'May import devices without a factory test record (set by the administrator)',
      }),
    ),
    expireAt: Stamp(),
    remark: Str(),
    createdAt: Type.String({ format: 'date-time' }),
    deviceNum: Type.Integer({ description: 'Devices the account holds' }),
    saleNum: Type.Integer({ description: 'Devices it imported that now belong to others' }),
  },
  {
    examples: [
      {
        id: 3,
        user_id: 3,
        parentId: 2,
        username: 'subagent',
        nickname: 'Sub agent',
        role: 3,
        realname: '',
        telephone: '',
        email: '',
        address: '',
        idCard: '',
        ancestors: '0,1,2',
        importNum: 100,
        expireAt: null,
        remark: '',
        createdAt: '2026-01-02T03:04:05.000Z',
        deviceNum: 12,
        saleNum: 4,
      },
    ],
  },
);

/** A row of findAllUserV2: [id, parentId, ancestors, username, nickname, role, deviceCount, saleCount]. */
const AgentRowItems = [Int(), Int(), Str(), Str(), Str(), Int(), Int(), Int()];
export const AgentRow = Type.Array(Type.Union([Int(), Str()]), {
  minItems: 8,
  maxItems: 8,
  prefixItems: AgentRowItems,
  description: '[id, parentId, ancestors, username, nickname, role, deviceCount, saleCount]',
  examples: [[3, 2, '0,1,2', 'subagent', 'Sub agent', 3, 12, 4]],
});

/** An account in a short form (getFamily, import counts). */
export const AccountBrief = Row({ id: Int(), username: Str(), nickname: Str(), role: Int() });

export const FamilyRow = Row({ ...AccountBrief.properties, parentId: Int() });

export const ImportNum = Row({
  id: Int(),
  username: Str(),
  importNum: Int(),
  children: Type.Array(Row({ ...AccountBrief.properties, importNum: Int() })),
});

export const ImportNumRecordPage = Page(
  Row({
    id: Int(),
    userId: Int(),
    operatorId: Nullable(Int()),
    operator: Nullable(Type.String({ description: 'The operator’s user name (null once deleted)' })),
    delta: Type.Integer({ description: 'Imports given (positive) or taken (negative)' }),
    balanceAfter: Int(),
    remark: Str(),
    createdAt: Type.String({ format: 'date-time' }),
  }),
);

/** agentDeviceCount: devices of an account and its subtree by state. */
const AgentCount = Row({
  ...AccountBrief.properties,
  own: Type.Integer({ description: 'Devices the account owns itself' }),
  subtree: Type.Integer({ description: 'Devices of the account and everything below it' }),
  online: Int(),
  offline: Int(),
  inactive: Int(),
  expired: Int(),
});
export const AgentDeviceCounts = Row({
  root: AgentCount,
  list: Type.Array(AgentCount, { description: 'One per direct child of root' }),
});

/** The per-item report of server/lib/batch.ts eachIndependently. */
export const ItemResults = <T extends TSchema>(item: T) =>
  Type.Array(
    Row({
      item,
      success: Type.Boolean(),
      key: Type.Optional(Type.String({ description: 'Why it was refused (message key)' })),
      message: Type.Optional(Str()),
    }),
  );
