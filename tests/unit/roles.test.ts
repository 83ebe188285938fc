import { describe, expect, it } from 'vitest';
import {
  DEMO_USER_ID,
  PERMISSIONS,
  ROLE,
  forcesChinese,
  homeOf,
  isAdmin,
  isDemo,
  isManager,
  isPayUser,
  type RoleName,
} from '../../config/roles';
import { abilityFor, can } from '../../src/domain/ability';

/**
 * Section 6 of the spec, written out by hand as the expected matrix: each role lists the
 * permission keys it holds. Every role × permission pair is asserted against the ability.
 */
const AGENT = [
  'monitor',
  'deviceList',
  'deviceUserInfo',
  'deviceMultiInfo',
  'deviceTransfer',
  'deviceUpdateTime',
  'deviceImportSim',
  'deviceSimCheck',
  'deviceIconType',
  'deviceImport',
  'countMileage',
  'countStay',
  'countTrips',
  'countEngine',
  'countExport',
  'countAlarms',
  'alarms',
  'track',
  'command',
  'commandRaw',
  'tire',
  'agentList',
  'agentAdd',
  'agentEdit',
  'agentChangeUsername',
  'agentTransfer',
  'agentDel',
  'agentResetPwd',
  'agentImportNum',
  'deviceEdit',
  'deviceResetPwd',
  'deviceChangeUsername',
  'deviceHuaxiangImport',
  'fence',
  'deviceInit',
  // Renewals (issue 14): the reseller sells cards and takes online payment.
  'cardList',
  'cardTransfer',
  'cardRenew',
  'orderPay',
  'payManage',
];
const SUPER_USER = [
  'monitor',
  'deviceList',
  'deviceUserInfo',
  'countMileage',
  'countStay',
  'countTrips',
  'countEngine',
  'countExport',
  'countAlarms',
  'alarms',
  'track',
  'fence',
  'command',
  'tire',
  'agentEdit',
  'agentResetPwd',
  'deviceEdit',
  'deviceResetPwd',
  'deviceChangeUsername',
  'deviceHuaxiangImport',
  'deviceMultiInfo',
  'orderPay',
];
const USER = [
  'monitor',
  'countMileage',
  'countStay',
  'countTrips',
  'countEngine',
  'countExport',
  'countAlarms',
  'alarms',
  'track',
  'fence',
  'command',
  'tire',
  'agentEdit',
  'deviceEdit',
  'orderPay',
];
const TEST = [
  'testQc',
  'testBatchCmd',
  // Issue 13: free-text commands beyond a device type's set, for resellers and the factory.
  'commandRaw',
  'testLog',
  'testGw005',
  'testSimMatch',
  'testSimClear',
  'testOta',
  'testConfigPlatform',
  'testAgps',
  'testNb',
  'testTapeDownload',
  'testSerialResult',
  'testConfig',
  'testTransferIp',
];
const ALL = Object.keys(PERMISSIONS) as (keyof typeof PERMISSIONS)[];

const EXPECTED: Record<RoleName, readonly string[]> = {
  admin: ALL,
  agent: AGENT,
  user: USER,
  superUser: SUPER_USER,
  test: TEST,
  testSearch: ['testTransferIpResult'],
  wanweiTest: ['testTransferIpResult'],
  log: ['testLog'],
  otaLookPremissionUser: ['testOtaLook'],
  originLogSearch: ['testLog'],
  superAgent: [],
  configPlatformUser: ['testConfigPlatform'],
  testStockUser: ['testStock', 'testIccid'],
  testTransferIpUser: ['testTransferIp'],
};

describe('role × permission matrix (spec section 6)', () => {
  for (const [role, held] of Object.entries(EXPECTED) as [RoleName, readonly string[]][]) {
    describe(role, () => {
      const ability = abilityFor({ id: 100, role: ROLE[role] });
      for (const key of ALL) {
        const expected = held.includes(key);
        it(`${expected ? 'holds' : 'lacks'} ${PERMISSIONS[key]}`, () => {
          expect(can(ability, PERMISSIONS[key])).toBe(expected);
        });
      }
    });
  }

  it('admin holds the wildcard, no one else does', () => {
    for (const role of Object.keys(ROLE) as RoleName[]) {
      expect(can(abilityFor({ id: 100, role: ROLE[role] }), '*:*:*')).toBe(role === 'admin');
    }
  });

  it('an unknown permission is held by admin only', () => {
    expect(can(abilityFor({ id: 1, role: ROLE.admin }), 'future:thing')).toBe(true);
    expect(can(abilityFor({ id: 2, role: ROLE.agent }), 'future:thing')).toBe(false);
  });
});

describe('home pages', () => {
  it.each([
    ['admin', '/index/home'],
    ['agent', '/index/home'],
    ['user', '/index/home'],
    ['superUser', '/index/home'],
    ['superAgent', null],
    ['test', '/test/qc/search'],
    ['testSearch', '/test/transferIp/transferIpResult'],
    ['wanweiTest', '/test/transferIp/transferIpResult'],
    ['log', '/test/log/search'],
    ['originLogSearch', '/test/log/search'],
    ['otaLookPremissionUser', '/test/otaUpdateListForUser'],
    ['configPlatformUser', '/test/configPlatformForUser'],
    ['testStockUser', '/test/stock/importDevice'],
    ['testTransferIpUser', '/test/transferIp/transferIp'],
  ] as const)('%s → %s', (role, home) => {
    expect(homeOf(ROLE[role])).toBe(home);
  });
});

describe('derived flags', () => {
  it('admin when no role or the admin role', () => {
    expect(isAdmin({ id: 9, role: null })).toBe(true);
    expect(isAdmin({ id: 9, role: ROLE.admin })).toBe(true);
    expect(isAdmin({ id: 9, role: ROLE.agent })).toBe(false);
  });
  it('manager is anyone but user or superUser', () => {
    expect(isManager({ id: 9, role: ROLE.user })).toBe(false);
    expect(isManager({ id: 9, role: ROLE.superUser })).toBe(false);
    expect(isManager({ id: 9, role: ROLE.agent })).toBe(true);
    expect(isManager({ id: 9, role: ROLE.test })).toBe(true);
  });
  it('demo is the account with id 6, whatever its role', () => {
    expect(isDemo({ id: DEMO_USER_ID, role: ROLE.agent })).toBe(true);
    expect(isDemo({ id: 7, role: ROLE.agent })).toBe(false);
  });
  it('pay user comes from the payment check', () => {
    expect(isPayUser({ payAllowed: true })).toBe(true);
    expect(isPayUser({ payAllowed: false })).toBe(false);
  });
  it('testgroup roles force cn', () => {
    expect([ROLE.wanweiTest, ROLE.testSearch].every(forcesChinese)).toBe(true);
    // The QC account (role test) chooses its language (README; issue 32).
    expect(forcesChinese(ROLE.test)).toBe(false);
    expect(forcesChinese(ROLE.agent)).toBe(false);
    expect(forcesChinese(ROLE.log)).toBe(false);
  });
});
