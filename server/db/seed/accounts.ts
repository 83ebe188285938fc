import { sql } from 'drizzle-orm';
import { ROLE } from '../../../config/roles';
import type { Db } from '../client';
import { importNumRecords } from '../schema/import-num-records';
import { users, type NewUserRow } from '../schema/users';

/**
 * Demo accounts with fixed ids. The order matters: the spec makes the account with id 6 the
 * demo (trial) account, so ids are explicit and the serial sequence is moved past them.
 *
 *   1 admin ─┬─ 2 agent ─┬─ 3 subagent ── 4 user
 *            │           ├─ 8 superuser (superUser)
 *            │           └─ 10 expired (user, expire_at in the past: login code 208)
 *            ├─ 5 agent2 ── 7 agent2user      (a second tree, invisible to agent)
 *            ├─ 6 demo (agent, read-only)
 *            ├─ 9 superagent
 *            └─ 11..19 factory accounts
 */
export const SEED_USER_IDS = {
  admin: 1,
  agent: 2,
  subagent: 3,
  user: 4,
  agent2: 5,
  demo: 6,
  agent2user: 7,
  superuser: 8,
  superagent: 9,
  expired: 10,
  test: 11,
  testsearch: 12,
  wanweitest: 13,
  log: 14,
  otalook: 15,
  originlog: 16,
  configplatform: 17,
  teststock: 18,
  testtransferip: 19,
} as const;

export type SeedUsername = keyof typeof SEED_USER_IDS;

/** Every demo account's password. */
export const DEMO_PASSWORD = '123456';

interface AccountDef {
  username: SeedUsername;
  parent: SeedUsername | null;
  role: number;
  nickname: string;
  importNum?: number;
  telephone?: string;
  payAllowed?: boolean;
}

const ACCOUNTS: AccountDef[] = [
  { username: 'admin', parent: null, role: ROLE.admin, nickname: 'Administrator' },
  {
    username: 'agent',
    parent: 'admin',
    role: ROLE.agent,
    nickname: '北京华通物流',
    importNum: 500,
    telephone: '13800138000',
    payAllowed: true,
  },
  {
    username: 'subagent',
    parent: 'agent',
    role: ROLE.agent,
    nickname: '朝阳分销',
    importNum: 100,
    telephone: '13900139000',
  },
  { username: 'user', parent: 'subagent', role: ROLE.user, nickname: '张师傅', telephone: '13700137000' },
  {
    username: 'agent2',
    parent: 'admin',
    role: ROLE.agent,
    nickname: 'Shenzhen Fleet Co.',
    importNum: 200,
    telephone: '075588886666',
    payAllowed: true,
  },
  { username: 'demo', parent: 'admin', role: ROLE.agent, nickname: 'Demo' },
  { username: 'agent2user', parent: 'agent2', role: ROLE.user, nickname: 'Li Logistics' },
  { username: 'superuser', parent: 'agent', role: ROLE.superUser, nickname: '车队主管' },
  { username: 'superagent', parent: 'admin', role: ROLE.superAgent, nickname: 'Super agent' },
  { username: 'expired', parent: 'agent', role: ROLE.user, nickname: 'Expired customer' },
  { username: 'test', parent: 'admin', role: ROLE.test, nickname: 'QC' },
  { username: 'testsearch', parent: 'admin', role: ROLE.testSearch, nickname: 'Test search' },
  { username: 'wanweitest', parent: 'admin', role: ROLE.wanweiTest, nickname: 'Wanwei test' },
  { username: 'log', parent: 'admin', role: ROLE.log, nickname: 'Log' },
  { username: 'otalook', parent: 'admin', role: ROLE.otaLookPremissionUser, nickname: 'OTA viewer' },
  { username: 'originlog', parent: 'admin', role: ROLE.originLogSearch, nickname: 'Raw log' },
  { username: 'configplatform', parent: 'admin', role: ROLE.configPlatformUser, nickname: 'Config platform' },
  { username: 'teststock', parent: 'admin', role: ROLE.testStockUser, nickname: 'Stock' },
  { username: 'testtransferip', parent: 'admin', role: ROLE.testTransferIpUser, nickname: 'Transfer IP' },
];

/** Builds the rows; ancestors follow the rule "parent's ancestors + ',' + parent id". */
export function buildAccounts(
  passwordHash: string,
  now: Date,
  adminPasswordHash = passwordHash,
): NewUserRow[] {
  const byName = new Map<string, NewUserRow>();
  const DAY = 86_400_000;
  return ACCOUNTS.map((a, i) => {
    const parent = a.parent ? byName.get(a.parent) : undefined;
    if (a.parent && !parent) throw new Error(`seed: parent ${a.parent} must come before ${a.username}`);
    const row: NewUserRow = {
      id: SEED_USER_IDS[a.username],
      parentId: parent?.id ?? 0,
      ancestors: parent ? `${parent.ancestors},${parent.id}` : '0',
      username: a.username,
      passwordHash: a.username === 'admin' ? adminPasswordHash : passwordHash,
      nickname: a.nickname,
      role: a.role,
      importNum: a.importNum ?? 0,
      telephone: a.telephone ?? '',
      payAllowed: a.payAllowed ?? false,
      expireAt: a.username === 'expired' ? new Date(now.getTime() - 30 * DAY) : null,
      // Fixed creation dates, one day apart, so lists sorted by creation are stable.
      createdAt: new Date(Date.UTC(2024, 0, 1 + i)),
    };
    byName.set(a.username, row);
    return row;
  });
}

/** Moves the users id sequence past explicitly inserted ids. */
export async function resetUserSequence(db: Db) {
  await db.execute(
    sql`SELECT setval(pg_get_serial_sequence('users', 'id'), (SELECT coalesce(max(id), 1) FROM users))`,
  );
}

export async function seedAccounts(db: Db, passwordHash: string, now: Date, adminPasswordHash?: string) {
  await db.insert(users).values(buildAccounts(passwordHash, now, adminPasswordHash));
  await resetUserSequence(db);
  const id = SEED_USER_IDS;
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * 86_400_000);
  // Consistent history: admin gave agent 600, agent passed 100 on to subagent (agent keeps
  // 500), admin gave agent2 200. Balances equal users.import_num.
  await db.insert(importNumRecords).values([
    {
      userId: id.agent,
      operatorId: id.admin,
      delta: 600,
      balanceAfter: 600,
      remark: 'initial allocation',
      createdAt: at(60),
    },
    {
      userId: id.agent,
      operatorId: id.agent,
      delta: -100,
      balanceAfter: 500,
      remark: 'to subagent',
      createdAt: at(30),
    },
    {
      userId: id.subagent,
      operatorId: id.agent,
      delta: 100,
      balanceAfter: 100,
      remark: 'from agent',
      createdAt: at(30),
    },
    {
      userId: id.agent2,
      operatorId: id.admin,
      delta: 200,
      balanceAfter: 200,
      remark: 'initial allocation',
      createdAt: at(45),
    },
  ]);
}
