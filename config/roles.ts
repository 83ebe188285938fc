/**
 * Roles and the permission matrix (spec sections 3 and 6). This file is the one source:
 * the server's guards, the CASL abilities, the menus and the route guard all read it.
 *
 * A permission is a string `<area>:<action>` (spec: "main:monitor"). `*:*:*` is the wildcard.
 */

export const ROLE = {
  admin: 1,
  agent: 2,
  user: 3,
  superUser: 4,
  test: 5,
  testSearch: 6,
  wanweiTest: 7,
  log: 8,
  otaLookPremissionUser: 11,
  originLogSearch: 12,
  superAgent: 13,
  configPlatformUser: 14,
  testStockUser: 15,
  testTransferIpUser: 16,
} as const;

export type RoleName = keyof typeof ROLE;
export type RoleValue = (typeof ROLE)[RoleName];

export const ROLE_NAMES = Object.keys(ROLE) as RoleName[];
export const ROLE_VALUES = Object.values(ROLE) as RoleValue[];

export function roleName(value: number): RoleName | undefined {
  return ROLE_NAMES.find((n) => ROLE[n] === value);
}

export const WILDCARD_PERMISSION = '*:*:*';

/**
 * The demo (trial) account: id 6 unless the system setting `demoAccount` names another;
 * read-only everywhere (spec section 6). The server reads the setting
 * (server/services/system/demo-setting.ts) and carries the answer as `auth.demo`.
 */
export const DEMO_USER_ID = 6;

/** Every permission string the product knows, grouped by area. */
export const PERMISSIONS = {
  monitor: 'main:monitor',
  // statistics
  countMileage: 'count:mileage',
  countStay: 'count:stay',
  countTrips: 'count:trips',
  countEngine: 'count:engine',
  countAlarms: 'count:alarms',
  countTrack: 'count:track',
  countPastDue: 'count:pastDue',
  countExport: 'count:export',
  countBattery: 'count:battery',
  // devices
  deviceList: 'device:list',
  deviceUserInfo: 'device:userInfo',
  deviceMultiInfo: 'device:multiInfo',
  deviceTransfer: 'device:transfer',
  deviceUpdateTime: 'device:updateTime',
  deviceImportSim: 'device:importSim',
  deviceSimCheck: 'device:simCheck',
  deviceIconType: 'device:iconType',
  deviceImport: 'device:import',
  deviceEdit: 'device:edit',
  deviceResetPwd: 'device:resetPwd',
  deviceChangeUsername: 'device:changeUsername',
  deviceHuaxiangImport: 'device:huaxiangImport',
  deviceInit: 'device:init',
  // accounts
  agentList: 'agent:list',
  agentAdd: 'agent:add',
  agentEdit: 'agent:edit',
  agentChangeUsername: 'agent:changeUsername',
  agentTransfer: 'agent:transfer',
  agentDel: 'agent:del',
  agentResetPwd: 'agent:resetPwd',
  agentImportNum: 'agent:importNum',
  // operations
  alarms: 'alarm:list',
  track: 'track:view',
  command: 'command:send',
  /** Free-text commands beyond the device type's command set. */
  commandRaw: 'command:raw',
  tire: 'tire:view',
  fence: 'fence:manage',
  // renewals and payments (issue 14)
  /** Card balances of the subtree and the card records. */
  cardList: 'card:list',
  /** Pass cards on to a sub-account. */
  cardTransfer: 'card:transfer',
  /** Renew devices by spending cards. */
  cardRenew: 'card:renew',
  /** Pay a renewal of one's own devices online. */
  orderPay: 'order:pay',
  /** One's own renewal prices, payment accounts, discount codes, the orders paid to them, refunds. */
  payManage: 'pay:manage',
  // factory back office
  testQc: 'test:qc',
  testBatchCmd: 'test:batchCmd',
  testLog: 'test:log',
  testGw005: 'test:gw005',
  testSimMatch: 'test:simMatch',
  testSimClear: 'test:simClear',
  testOta: 'test:ota',
  testOtaLook: 'test:otaLook',
  testConfigPlatform: 'test:configPlatform',
  testAgps: 'test:agps',
  testNb: 'test:nb',
  testTapeDownload: 'test:tapeDownload',
  testSerialResult: 'test:serialResult',
  testConfig: 'test:config',
  testTransferIp: 'test:transferIp',
  testTransferIpResult: 'test:transferIpResult',
  testStock: 'test:stock',
  testIccid: 'test:iccid',
} as const;

export type PermissionKey = keyof typeof PERMISSIONS;
export type Permission = (typeof PERMISSIONS)[PermissionKey] | typeof WILDCARD_PERMISSION;

const P = PERMISSIONS;

const AGENT_PERMISSIONS: Permission[] = [
  P.monitor,
  P.deviceList,
  P.deviceUserInfo,
  P.deviceMultiInfo,
  P.deviceTransfer,
  P.deviceUpdateTime,
  P.deviceImportSim,
  P.deviceSimCheck,
  P.deviceIconType,
  P.deviceImport,
  P.countMileage,
  P.countStay,
  P.countTrips,
  P.countEngine,
  P.countExport,
  P.countAlarms,
  P.alarms,
  P.track,
  P.command,
  P.commandRaw,
  P.tire,
  P.agentList,
  P.agentAdd,
  P.agentEdit,
  P.agentChangeUsername,
  P.agentTransfer,
  P.agentDel,
  P.agentResetPwd,
  P.agentImportNum,
  P.deviceEdit,
  P.deviceResetPwd,
  P.deviceChangeUsername,
  P.deviceHuaxiangImport,
  P.fence,
  // "in the production set also init device"
  P.deviceInit,
  P.cardList,
  P.cardTransfer,
  P.cardRenew,
  P.orderPay,
  P.payManage,
];

const SUPER_USER_PERMISSIONS: Permission[] = [
  P.monitor,
  P.deviceList,
  P.deviceUserInfo,
  P.countMileage,
  P.countStay,
  P.countTrips,
  P.countEngine,
  P.countExport,
  P.countAlarms,
  P.alarms,
  P.track,
  P.fence,
  P.command,
  P.tire,
  P.agentEdit,
  P.agentResetPwd,
  P.deviceEdit,
  P.deviceResetPwd,
  P.deviceChangeUsername,
  P.deviceHuaxiangImport,
  P.deviceMultiInfo,
  P.orderPay,
];

const USER_PERMISSIONS: Permission[] = [
  P.monitor,
  P.countMileage,
  P.countStay,
  P.countTrips,
  P.countEngine,
  P.countExport,
  P.countAlarms,
  P.alarms,
  P.track,
  P.fence,
  P.command,
  P.tire,
  P.agentEdit,
  P.deviceEdit,
  P.orderPay,
];

const TEST_PERMISSIONS: Permission[] = [
  P.testQc,
  P.testBatchCmd,
  P.commandRaw,
  P.testLog,
  P.testGw005,
  P.testSimMatch,
  P.testSimClear,
  P.testOta,
  P.testConfigPlatform,
  P.testAgps,
  P.testNb,
  P.testTapeDownload,
  P.testSerialResult,
  P.testConfig,
  P.testTransferIp,
];

export const ROLE_PERMISSIONS: Record<RoleValue, readonly Permission[]> = {
  [ROLE.admin]: [WILDCARD_PERMISSION],
  [ROLE.agent]: AGENT_PERMISSIONS,
  [ROLE.superUser]: SUPER_USER_PERMISSIONS,
  [ROLE.user]: USER_PERMISSIONS,
  [ROLE.superAgent]: [],
  [ROLE.test]: TEST_PERMISSIONS,
  [ROLE.testSearch]: [P.testTransferIpResult],
  [ROLE.wanweiTest]: [P.testTransferIpResult],
  [ROLE.log]: [P.testLog],
  [ROLE.originLogSearch]: [P.testLog],
  [ROLE.otaLookPremissionUser]: [P.testOtaLook],
  [ROLE.configPlatformUser]: [P.testConfigPlatform],
  [ROLE.testStockUser]: [P.testStock, P.testIccid],
  [ROLE.testTransferIpUser]: [P.testTransferIp],
};

/** Home page (route path) per role; null means the role has no home page. */
export const ROLE_HOME: Record<RoleValue, string | null> = {
  [ROLE.admin]: '/index/home',
  [ROLE.agent]: '/index/home',
  [ROLE.superUser]: '/index/home',
  [ROLE.user]: '/index/home',
  [ROLE.superAgent]: null,
  [ROLE.test]: '/test/qc/search',
  [ROLE.testSearch]: '/test/transferIp/transferIpResult',
  [ROLE.wanweiTest]: '/test/transferIp/transferIpResult',
  [ROLE.log]: '/test/log/search',
  [ROLE.originLogSearch]: '/test/log/search',
  [ROLE.otaLookPremissionUser]: '/test/otaUpdateListForUser',
  [ROLE.configPlatformUser]: '/test/configPlatformForUser',
  [ROLE.testStockUser]: '/test/stock/importDevice',
  [ROLE.testTransferIpUser]: '/test/transferIp/transferIp',
};

/**
 * Roles whose UI language is forced to cn (no language picker): the transfer-IP result viewers
 * `testsearch` and `wanweitest`, as the README says. The spec's testgroup also names `test`, but
 * the QC staff account works with foreign trackers and customers: it keeps the picker (issue 32).
 */
export const TESTGROUP_ROLES: readonly RoleValue[] = [ROLE.wanweiTest, ROLE.testSearch];

/** Roles that may own sub-accounts ("a non-agent cannot have sub-users added"). */
export const AGENT_ROLES: readonly RoleValue[] = [ROLE.admin, ROLE.agent, ROLE.superAgent];

/** Roles an account holder may give to a sub-account they create. */
export const ASSIGNABLE_ROLES: Record<RoleValue, readonly RoleValue[]> = {
  [ROLE.admin]: ROLE_VALUES,
  [ROLE.agent]: [ROLE.agent, ROLE.user, ROLE.superUser],
  [ROLE.superAgent]: [ROLE.agent, ROLE.user, ROLE.superUser],
  [ROLE.user]: [],
  [ROLE.superUser]: [],
  [ROLE.test]: [],
  [ROLE.testSearch]: [],
  [ROLE.wanweiTest]: [],
  [ROLE.log]: [],
  [ROLE.originLogSearch]: [],
  [ROLE.otaLookPremissionUser]: [],
  [ROLE.configPlatformUser]: [],
  [ROLE.testStockUser]: [],
  [ROLE.testTransferIpUser]: [],
};

/** Factory roles use the /test back office, not the reseller area. */
export const FACTORY_ROLES: readonly RoleValue[] = [
  ROLE.test,
  ROLE.testSearch,
  ROLE.wanweiTest,
  ROLE.log,
  ROLE.originLogSearch,
  ROLE.otaLookPremissionUser,
  ROLE.configPlatformUser,
  ROLE.testStockUser,
  ROLE.testTransferIpUser,
];

export interface RoleSubject {
  id: number;
  role?: number | null;
}

/** Derived flags (spec section 6). */
export const isAdmin = (u: RoleSubject) => u.role == null || u.role === ROLE.admin;
export const isManager = (u: RoleSubject) => u.role !== ROLE.user && u.role !== ROLE.superUser;
/** `demo`, when known (the server's auth context), wins over the default id. */
export const isDemo = (u: RoleSubject & { demo?: boolean }) => u.demo ?? u.id === DEMO_USER_ID;
export const isAgentRole = (role: number) => (AGENT_ROLES as readonly number[]).includes(role);
export const forcesChinese = (role: number) => (TESTGROUP_ROLES as readonly number[]).includes(role);
export const isFactoryRole = (role: number) => (FACTORY_ROLES as readonly number[]).includes(role);

export function permissionsOf(role: number | null | undefined): readonly Permission[] {
  if (role == null) return ROLE_PERMISSIONS[ROLE.admin];
  return ROLE_PERMISSIONS[role as RoleValue] ?? [];
}

export function homeOf(role: number | null | undefined): string | null {
  if (role == null) return ROLE_HOME[ROLE.admin];
  return ROLE_HOME[role as RoleValue] ?? null;
}

/** Pay user: set from the payment-allow check (`/pay/account/allowedPay`) at login. */
export const isPayUser = (u: { payAllowed?: boolean | null }) => u.payAllowed === true;
