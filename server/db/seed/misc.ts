import { CARD_OPERATION, CARD_TYPE, ORDER_STATUS, PAYMENT_TYPE } from '../../../src/domain/codes';
import type { Db } from '../client';
import { cardRecords } from '../schema/card-records';
import { deviceCounts } from '../schema/device-counts';
import { discountCodes } from '../schema/discount-codes';
import { orders } from '../schema/orders';
import { paymentAccounts } from '../schema/payment-accounts';
import { prepaidCards } from '../schema/prepaid-cards';
import { renewPrices } from '../schema/renew-prices';
import { systemSettings } from '../schema/system-settings';
import { users } from '../schema/users';
import { SEED_USER_IDS as U } from './accounts';
import type { NewDeviceRow } from './devices';

/** Commerce and configuration demo rows: counts, cards, prices, orders, codes, settings. */

const DAY = 86_400_000;

/** Direct and subtree device counts of every agent, computed from the fleet. */
export function buildDeviceCounts(fleet: NewDeviceRow[], accounts: (typeof users.$inferInsert)[]) {
  const agents = accounts.filter((a) => a.role === 2);
  return agents.map((a) => {
    const subtree = new Set(
      accounts.filter((u) => u.id === a.id || `${u.ancestors},`.includes(`,${a.id},`)).map((u) => u.id),
    );
    return {
      userId: a.id!,
      deviceCount: fleet.filter((d) => d.userId === a.id).length,
      totalDeviceCount: fleet.filter((d) => subtree.has(d.userId ?? -1)).length,
    };
  });
}

export async function seedCommerce(
  db: Db,
  fleet: NewDeviceRow[],
  accounts: (typeof users.$inferInsert)[],
  now: Date,
) {
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY);
  await db.insert(deviceCounts).values(buildDeviceCounts(fleet, accounts));

  // Prepaid cards: admin issued 20 one-year and 10 half-year cards to agent; agent passed 3
  // one-year cards to subagent; agent used one to renew a device. Card numbers are fixed.
  const renewed = fleet.find((d) => d.userId === U.agent && d.platformExpireAt && d.platformExpireAt > now)!;
  const cards: (typeof prepaidCards.$inferInsert)[] = [];
  for (let i = 1; i <= 30; i++) {
    const oneYear = i <= 20;
    const toSub = i >= 18 && i <= 20;
    const used = i === 1;
    cards.push({
      cardNo: `FG${oneYear ? 'Y' : 'H'}${String(100000 + i)}`,
      cardType: oneYear ? CARD_TYPE.oneYear : CARD_TYPE.halfYear,
      userId: toSub ? U.subagent : U.agent,
      used,
      usedDeviceId: used ? renewed.id : null,
      usedTerminalId: used ? renewed.terminalId : null,
      usedBy: used ? U.agent : null,
      usedAt: used ? at(5) : null,
      createdAt: at(90),
    });
  }
  cards.push({ cardNo: 'FGL100031', cardType: CARD_TYPE.lifetime, userId: U.agent2, createdAt: at(80) });
  await db.insert(prepaidCards).values(cards);
  await db.insert(cardRecords).values([
    {
      operation: CARD_OPERATION.systemSetting,
      toUserId: U.agent,
      operatorId: U.admin,
      count: 20,
      cardType: CARD_TYPE.oneYear,
      remark: 'issued',
      createdAt: at(90),
    },
    {
      operation: CARD_OPERATION.systemSetting,
      toUserId: U.agent,
      operatorId: U.admin,
      count: 10,
      cardType: CARD_TYPE.halfYear,
      remark: 'issued',
      createdAt: at(90),
    },
    {
      operation: CARD_OPERATION.systemSetting,
      toUserId: U.agent2,
      operatorId: U.admin,
      count: 1,
      cardType: CARD_TYPE.lifetime,
      remark: 'issued',
      createdAt: at(80),
    },
    {
      operation: CARD_OPERATION.transfer,
      fromUserId: U.agent,
      toUserId: U.subagent,
      operatorId: U.agent,
      count: 3,
      cardType: CARD_TYPE.oneYear,
      createdAt: at(40),
    },
    {
      operation: CARD_OPERATION.renewal,
      fromUserId: U.agent,
      operatorId: U.agent,
      count: 1,
      cardType: CARD_TYPE.oneYear,
      terminalIds: [renewed.terminalId],
      createdAt: at(5),
    },
  ]);

  // Renewal prices (CNY) per card type for both agent trees.
  const prices: [number, string][] = [
    [CARD_TYPE.oneMonth, '15.00'],
    [CARD_TYPE.halfYear, '60.00'],
    [CARD_TYPE.oneYear, '100.00'],
    [CARD_TYPE.twoYears, '180.00'],
    [CARD_TYPE.threeYears, '250.00'],
    [CARD_TYPE.lifetime, '398.00'],
  ];
  await db
    .insert(renewPrices)
    .values([
      ...prices.map(([cardType, price]) => ({ userId: U.agent, cardType, price })),
      ...prices
        .slice(1, 3)
        .map(([cardType, price]) => ({ userId: U.agent2, cardType, price, currency: 'USD' })),
    ]);
  await db.insert(paymentAccounts).values([
    {
      userId: U.agent,
      type: PAYMENT_TYPE.paypal,
      account: {
        email: 'payments@agent.example',
        clientId: 'sandbox-client-id',
        clientSecret: 'sandbox-secret',
        mode: 'sandbox',
      },
      enabled: true,
    },
    {
      userId: U.agent,
      type: PAYMENT_TYPE.weixinMiniprogram,
      account: { appId: 'wx0000000000000000', mchId: '1900000109', apiKey: 'demo-key' },
      enabled: false,
    },
    {
      userId: U.agent2,
      type: PAYMENT_TYPE.paypal,
      account: {
        email: 'billing@agent2.example',
        clientId: 'sandbox-client-id-2',
        clientSecret: 'sandbox-secret-2',
        mode: 'sandbox',
      },
      enabled: true,
    },
  ]);

  // Orders: completed (with a discount code), to be paid, refunded.
  const userDevices = fleet.filter((d) => d.userId === U.user && d.activatedAt).slice(0, 3);
  const insertedOrders = await db
    .insert(orders)
    .values([
      {
        orderNo: 'FG202401150001',
        amount: '180.00',
        userId: U.user,
        agentId: U.agent,
        paymentType: PAYMENT_TYPE.paypal,
        rechargeType: CARD_TYPE.oneYear,
        rechargeTarget: userDevices.slice(0, 2).map((d) => d.terminalId),
        discountCode: 'SPRING10',
        discountRate: '0.900',
        expireTime: new Date(now.getTime() + 400 * DAY),
        days: 365,
        unitPrice: '100.00',
        status: ORDER_STATUS.completed,
        transactionId: 'PAYID-DEMO-0001',
        createdAt: at(20),
        paidAt: at(20),
      },
      {
        orderNo: 'FG202401150002',
        amount: '60.00',
        userId: U.user,
        agentId: U.agent,
        paymentType: PAYMENT_TYPE.weixinMiniprogram,
        rechargeType: CARD_TYPE.halfYear,
        rechargeTarget: userDevices.slice(2, 3).map((d) => d.terminalId),
        days: 182,
        unitPrice: '60.00',
        status: ORDER_STATUS.toBePaid,
        createdAt: at(1),
      },
      {
        orderNo: 'FG202401150003',
        amount: '100.00',
        userId: U.agent2user,
        agentId: U.agent2,
        paymentType: PAYMENT_TYPE.paypal,
        rechargeType: CARD_TYPE.oneYear,
        rechargeTarget: fleet
          .filter((d) => d.userId === U.agent2user)
          .slice(0, 1)
          .map((d) => d.terminalId),
        days: 365,
        unitPrice: '100.00',
        status: ORDER_STATUS.refunded,
        transactionId: 'PAYID-DEMO-0003',
        createdAt: at(15),
        paidAt: at(15),
        refundedAt: at(10),
      },
    ])
    .returning({ id: orders.id });

  // Discount codes: SPRING10 used by the completed order, WELCOME15 unused, OLD20 disabled.
  await db.insert(discountCodes).values([
    {
      code: 'SPRING10',
      rate: '0.900',
      used: true,
      status: 1,
      userId: U.agent,
      usedBy: U.user,
      orderId: insertedOrders[0].id,
      usedAt: at(20),
      createdAt: at(30),
    },
    {
      code: 'WELCOME15',
      rate: '0.850',
      used: false,
      status: 1,
      userId: U.agent,
      expiresAt: new Date(now.getTime() + 90 * DAY),
      createdAt: at(3),
    },
    { code: 'OLD20', rate: '0.800', used: false, status: 0, userId: U.agent, createdAt: at(100) },
    { code: 'SZ5OFF', rate: '0.950', used: false, status: 1, userId: U.agent2, createdAt: at(7) },
  ]);

  // System configuration: no map key yet (the offline basemap is used), a demo api key.
  await db.insert(systemSettings).values([
    { key: 'mapKey', value: null, updatedBy: U.admin },
    { key: 'apiKey', value: 'fg_demo_3b9f2c7a41d84e6f9a0c5e1d2b7f8a46', updatedBy: U.admin },
  ]);
}
