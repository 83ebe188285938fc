import { CARD_OPERATION, CARD_TYPE, ORDER_STATUS, PAYMENT_TYPE } from '../../../src/domain/codes';
import { CARD_DAYS } from '../../../src/domain/payment';
import type { Db } from '../client';
import { cardBalances } from '../schema/card-balances';
import { cardRecords } from '../schema/card-records';
import { discountCodes } from '../schema/discount-codes';
import { orderRenewals } from '../schema/order-renewals';
import { orders } from '../schema/orders';
import { paymentAccounts } from '../schema/payment-accounts';
import { renewPrices } from '../schema/renew-prices';
import { SEED_USER_IDS as U } from './accounts';
import type { NewDeviceRow } from './devices';

const DAY = 86_400_000;

/**
 * Renewal demo rows, consistent with each other: admin issued 20 one-year and 10 half-year
 * cards to agent, agent passed 3 one-year cards to subagent and spent one on a device; prices
 * and payment accounts of both agent trees; a completed (with a discount code), an unpaid and
 * a refunded order; discount codes used, unused and disabled.
 */
export async function seedRenewals(db: Db, fleet: NewDeviceRow[], now: Date) {
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY);
  const renewed = fleet.find((d) => d.userId === U.agent && d.platformExpireAt && d.platformExpireAt > now)!;
  await db.insert(cardBalances).values([
    { userId: U.agent, cardType: CARD_TYPE.oneYear, count: 16 },
    { userId: U.agent, cardType: CARD_TYPE.halfYear, count: 10 },
    { userId: U.subagent, cardType: CARD_TYPE.oneYear, count: 3 },
    { userId: U.agent2, cardType: CARD_TYPE.lifetime, count: 1 },
  ]);
  const issued = (toUserId: number, count: number, cardType: number, daysAgo: number) => ({
    operation: CARD_OPERATION.systemSetting,
    toUserId,
    operatorId: U.admin,
    count,
    cardType,
    remark: 'issued',
    createdAt: at(daysAgo),
  });
  const oneYearDays = CARD_DAYS[CARD_TYPE.oneYear]! * DAY;
  await db.insert(cardRecords).values([
    issued(U.agent, 20, CARD_TYPE.oneYear, 90),
    issued(U.agent, 10, CARD_TYPE.halfYear, 90),
    issued(U.agent2, 1, CARD_TYPE.lifetime, 80),
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
      expireBefore: new Date(renewed.platformExpireAt!.getTime() - oneYearDays),
      expireAfter: renewed.platformExpireAt,
      createdAt: at(5),
    },
  ]);

  // Renewal prices (minor units) per card type: agent in CNY, agent2 two types in USD.
  const prices: [number, number][] = [
    [CARD_TYPE.oneMonth, 1500],
    [CARD_TYPE.halfYear, 6000],
    [CARD_TYPE.oneYear, 10000],
    [CARD_TYPE.twoYears, 18000],
    [CARD_TYPE.threeYears, 25000],
    [CARD_TYPE.lifetime, 39800],
  ];
  await db
    .insert(renewPrices)
    .values([
      ...prices.map(([cardType, priceMinor]) => ({ userId: U.agent, cardType, priceMinor })),
      ...prices
        .slice(1, 3)
        .map(([cardType, priceMinor]) => ({ userId: U.agent2, cardType, priceMinor, currency: 'USD' })),
    ]);
  const [agentPaypal] = await db
    .insert(paymentAccounts)
    .values([
      {
        userId: U.agent,
        type: PAYMENT_TYPE.paypal,
        account: {
          clientId: 'sandbox-client-id',
          clientSecret: 'sandbox-secret',
          webhookId: 'WH-DEMO',
          mode: 'sandbox',
        },
        enabled: true,
        remark: 'payments@agent.example',
      },
      {
        userId: U.agent,
        type: PAYMENT_TYPE.weixinMiniprogram,
        account: { appId: 'wx0000000000000000', mchId: '1900000109' },
        enabled: false,
      },
      {
        userId: U.agent2,
        type: PAYMENT_TYPE.paypal,
        account: {
          clientId: 'sandbox-client-id-2',
          clientSecret: 'sandbox-secret-2',
          webhookId: 'WH-DEMO-2',
          mode: 'sandbox',
        },
        enabled: true,
        remark: 'billing@agent2.example',
      },
    ])
    .returning({ id: paymentAccounts.id });

  // Orders: completed (with a discount code), to be paid, refunded.
  const userDevices = fleet.filter((d) => d.userId === U.user && d.activatedAt).slice(0, 3);
  const paidFor = userDevices.slice(0, 2);
  const agent2Device = fleet.filter((d) => d.userId === U.agent2user).slice(0, 1);
  const common = { paymentAccountId: agentPaypal.id, provider: 'sandbox', unitPriceMinor: 10000 };
  const inserted = await db
    .insert(orders)
    .values([
      {
        ...common,
        orderNo: 'FG202401150001',
        amountMinor: 18000,
        userId: U.user,
        agentId: U.agent,
        paymentType: PAYMENT_TYPE.paypal,
        rechargeType: CARD_TYPE.oneYear,
        rechargeTarget: paidFor.map((d) => d.terminalId),
        discountCode: 'SPRING10',
        discountRate: 90,
        expireTime: paidFor[0].platformExpireAt,
        days: CARD_DAYS[CARD_TYPE.oneYear]!,
        status: ORDER_STATUS.completed,
        transactionId: 'SBX-DEMO-0001',
        createdAt: at(20),
        paidAt: at(20),
      },
      {
        ...common,
        orderNo: 'FG202401150002',
        amountMinor: 6000,
        unitPriceMinor: 6000,
        userId: U.user,
        agentId: U.agent,
        paymentType: PAYMENT_TYPE.paypal,
        rechargeType: CARD_TYPE.halfYear,
        rechargeTarget: userDevices.slice(2, 3).map((d) => d.terminalId),
        days: CARD_DAYS[CARD_TYPE.halfYear]!,
        status: ORDER_STATUS.toBePaid,
        createdAt: at(1),
      },
      {
        ...common,
        orderNo: 'FG202401150003',
        amountMinor: 10000,
        currency: 'USD',
        userId: U.agent2user,
        agentId: U.agent2,
        paymentAccountId: null,
        paymentType: PAYMENT_TYPE.paypal,
        rechargeType: CARD_TYPE.oneYear,
        rechargeTarget: agent2Device.map((d) => d.terminalId),
        days: CARD_DAYS[CARD_TYPE.oneYear]!,
        status: ORDER_STATUS.refunded,
        transactionId: 'SBX-DEMO-0003',
        refundNo: 'RFG202401150003',
        createdAt: at(15),
        paidAt: at(15),
        refundedAt: at(10),
      },
    ])
    .returning({ id: orders.id });
  // What the completed order added, so refunding it in the demo takes back exactly that.
  await db.insert(orderRenewals).values(
    paidFor.map((d) => ({
      orderId: inserted[0].id,
      terminalId: d.terminalId,
      deviceId: d.id,
      expireBefore: d.platformExpireAt ? new Date(d.platformExpireAt.getTime() - oneYearDays) : null,
      expireAfter: d.platformExpireAt ?? at(-365),
    })),
  );

  // Discount codes: SPRING10 used by the completed order, WELCOME15 unused, OLD20 disabled.
  await db.insert(discountCodes).values([
    {
      code: 'SPRING10',
      rate: 90,
      used: true,
      userId: U.agent,
      usedBy: U.user,
      orderId: inserted[0].id,
      usedAt: at(20),
      createdAt: at(30),
    },
    {
      code: 'WELCOME15',
      rate: 85,
      userId: U.agent,
      expiresAt: new Date(now.getTime() + 90 * DAY),
      createdAt: at(3),
    },
    { code: 'OLD20CODE', rate: 80, status: 0, userId: U.agent, createdAt: at(100) },
    { code: 'SZ5OFF', rate: 95, userId: U.agent2, createdAt: at(7) },
  ]);
}
