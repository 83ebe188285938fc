import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_TYPE, ORDER_STATUS, PAYMENT_TYPE } from '../../src/domain/codes';
import { CARD_DAYS, ORDER_PAY_WINDOW_MS } from '../../src/domain/payment';
import { cardBalances } from '../../server/db/schema/card-balances';
import { devices } from '../../server/db/schema/devices';
import { orders } from '../../server/db/schema/orders';
import { signSandboxWebhook, sandboxSecret } from '../../server/services/payment/providers';
import { closeDatabase, startHarness, type Harness } from './harness';

let h: Harness;
let admin: string;
let agent: string;
let user: string;
const DAY = 86_400_000;

beforeAll(async () => {
  h = await startHarness();
  [admin, agent, user] = await Promise.all([h.login('admin'), h.login('agent'), h.login('user')]);
});
afterAll(async () => {
  await h.close();
  await closeDatabase();
});

const db = () => h.handle.db;
const expiryOf = async (terminalId: string) =>
  (
    await db().select({ e: devices.platformExpireAt }).from(devices).where(eq(devices.terminalId, terminalId))
  )[0]!.e;
const balance = async (userId: number, cardType: number) =>
  (
    await db()
      .select({ n: cardBalances.count })
      .from(cardBalances)
      .where(and(eq(cardBalances.userId, userId), eq(cardBalances.cardType, cardType)))
  )[0]?.n ?? 0;
const userDevice = async () => {
  const uid = await h.idOf('user');
  const [d] = await db()
    .select()
    .from(devices)
    .where(and(eq(devices.userId, uid), isNotNull(devices.platformExpireAt)))
    .orderBy(asc(devices.id))
    .limit(1);
  return d!;
};

describe('prepaid cards', () => {
  it('the administrator issues cards, an agent passes them down, and the records say so', async () => {
    const sub = await h.idOf('subagent');
    const agentId = await h.idOf('agent');
    const before = await balance(agentId, CARD_TYPE.threeYears);
    const issue = await h.post(
      '/api/card/transfer',
      { userId: agentId, cardType: CARD_TYPE.threeYears, count: 5 },
      admin,
    );
    expect(issue.status, JSON.stringify(issue.meta)).toBe(200);
    expect(await balance(agentId, CARD_TYPE.threeYears)).toBe(before + 5);
    const pass = await h.post(
      '/api/card/transfer',
      { userId: sub, cardType: CARD_TYPE.threeYears, count: 2 },
      agent,
    );
    expect(pass.status).toBe(200);
    expect(await balance(agentId, CARD_TYPE.threeYears)).toBe(before + 3);
    expect(await balance(sub, CARD_TYPE.threeYears)).toBe(2);
    const tooMany = await h.post(
      '/api/card/transfer',
      { userId: sub, cardType: CARD_TYPE.threeYears, count: 1000 },
      agent,
    );
    expect(tooMany.meta.key).toBe('cardInsufficient');
    expect(await balance(sub, CARD_TYPE.threeYears)).toBe(2);
    // Upwards or sideways is not a transfer an agent can make.
    const up = await h.post(
      '/api/card/transfer',
      { userId: await h.idOf('agent2'), cardType: 2, count: 1 },
      agent,
    );
    expect(up.status).toBe(404);
    const records = await h.post(
      '/api/card/records',
      { cardType: CARD_TYPE.threeYears, pageSize: 10 },
      agent,
    );
    expect(records.data.list.map((r: { operation: number }) => r.operation).slice(0, 2)).toEqual([2, 1]);
    const accounts = await h.post('/api/card/accounts', {}, agent);
    expect(accounts.data.list.find((a: { id: number }) => a.id === sub).cards[CARD_TYPE.threeYears]).toBe(2);
  });

  it('renewing by card extends the expiry and spends one card; without cards nothing changes', async () => {
    const d = await userDevice();
    const agentId = await h.idOf('agent');
    const cards = await balance(agentId, CARD_TYPE.halfYear);
    const before = await expiryOf(d.terminalId);
    const r = await h.post(
      '/api/device/extendExpireTime',
      { terminalID: d.terminalId, cardType: CARD_TYPE.halfYear },
      agent,
    );
    expect(r.status, JSON.stringify(r.meta)).toBe(200);
    const after = await expiryOf(d.terminalId);
    const from = Math.max(before?.getTime() ?? 0, Date.now() - 60_000);
    expect(after!.getTime() - from).toBeGreaterThanOrEqual(CARD_DAYS[CARD_TYPE.halfYear]! * DAY - 120_000);
    expect(await balance(agentId, CARD_TYPE.halfYear)).toBe(cards - 1);
    // The subagent holds no two-year cards: refused with the spec's message, expiry kept.
    const [sd] = await db()
      .select()
      .from(devices)
      .where(eq(devices.userId, await h.idOf('subagent')))
      .limit(1);
    const sub = await h.login('subagent');
    const kept = await expiryOf(sd!.terminalId);
    const no = await h.post(
      '/api/device/extendExpireTime',
      { terminalID: sd!.terminalId, cardType: CARD_TYPE.twoYears },
      sub,
    );
    expect(no.status).toBe(400);
    expect(no.meta.key).toBe('cardInsufficient');
    expect(await expiryOf(sd!.terminalId)).toEqual(kept);
  });

  it('200 concurrent renewals from an account holding 100 cards renew exactly 100 devices', async () => {
    const agentId = await h.idOf('agent');
    const ids = Array.from({ length: 200 }, (_, i) => `86100${String(i).padStart(10, '0')}`);
    await db()
      .insert(devices)
      .values(
        ids.map((terminalId) => ({
          terminalId,
          userId: agentId,
          protocol: 13,
          platformExpireAt: new Date(Date.now() + 10 * DAY),
        })),
      );
    await db().update(cardBalances).set({ count: 0 }).where(eq(cardBalances.userId, agentId));
    await h.post('/api/card/transfer', { userId: agentId, cardType: CARD_TYPE.oneMonth, count: 100 }, admin);
    expect(await balance(agentId, CARD_TYPE.oneMonth)).toBe(100);
    const answers = await Promise.all(
      ids.map((terminalID) =>
        h.post('/api/device/extendExpireTime', { terminalID, cardType: CARD_TYPE.oneMonth }, agent),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(100);
    expect(answers.filter((a) => a.meta.key === 'cardInsufficient')).toHaveLength(100);
    expect(await balance(agentId, CARD_TYPE.oneMonth)).toBe(0);
    const rows = await db()
      .select({ e: devices.platformExpireAt })
      .from(devices)
      .where(inArray(devices.terminalId, ids));
    const renewed = rows.filter((r) => r.e!.getTime() > Date.now() + 30 * DAY);
    expect(renewed).toHaveLength(100);
  });
});

/** Creates an order for the user's device, paid to agent's account (the sandbox serves it). */
async function order(terminalID: string, extra: object = {}) {
  const r = await h.post(
    '/api/order/create',
    {
      terminalIDs: [terminalID],
      rechargeType: CARD_TYPE.oneYear,
      paymentType: PAYMENT_TYPE.paypal,
      ...extra,
    },
    user,
  );
  expect(r.status, JSON.stringify(r.meta)).toBe(200);
  return r.data as { orderNo: string; amountMinor: number; currency: string; approveUrl: string };
}

/** The payment account an order is payable to: its notices arrive at that account's URL. */
const payeeAccount = async (orderNo: string) =>
  (await db().select({ a: orders.paymentAccountId }).from(orders).where(eq(orders.orderNo, orderNo)))[0]!.a;

const webhook = async (body: { orderNo: string }, secret = sandboxSecret()) => {
  const { headers, rawBody } = signSandboxWebhook(body as never, secret, Date.now());
  return h.app.inject({
    method: 'POST',
    url: `/api/pay/notify/sandbox/${await payeeAccount(body.orderNo)}`,
    headers: { ...headers, 'content-type': 'application/json' },
    payload: rawBody,
  });
};
const paidEvent = (
  o: { orderNo: string; amountMinor: number; currency: string },
  id = `evt-${o.orderNo}`,
) => ({
  id,
  type: 'payment.succeeded',
  orderNo: o.orderNo,
  amountMinor: o.amountMinor,
  currency: o.currency,
  transactionId: `T-${o.orderNo}`,
});

describe('online payment', () => {
  it('the same webhook delivered 50 times at once renews once', async () => {
    const d = await userDevice();
    const before = await expiryOf(d.terminalId);
    const o = await order(d.terminalId);
    expect(o.amountMinor).toBe(10000);
    expect(o.approveUrl).toContain(`/sandbox-pay?orderNo=${o.orderNo}`);
    const answers = await Promise.all(Array.from({ length: 50 }, () => webhook(paidEvent(o))));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(answers.filter((a) => a.json().data.outcome === 'applied')).toHaveLength(1);
    const after = await expiryOf(d.terminalId);
    const from = Math.max(before!.getTime(), Date.now() - 60_000);
    expect(after!.getTime() - from).toBeGreaterThan(364 * DAY);
    expect(after!.getTime() - from).toBeLessThan(366 * DAY);
    const status = await h.post('/api/order/status', { orderNo: o.orderNo }, user);
    expect(status.data).toMatchObject({ status: ORDER_STATUS.completed, state: 'success' });
  });

  it('a forged webhook signature is refused and changes nothing', async () => {
    const d = await userDevice();
    const before = await expiryOf(d.terminalId);
    const o = await order(d.terminalId);
    const forged = await webhook(paidEvent(o), 'not-the-secret');
    expect(forged.statusCode).toBe(400);
    expect(forged.json().meta.key).toBe('webhookRejected');
    // A body changed after signing is refused too.
    const { headers, rawBody } = signSandboxWebhook(paidEvent(o) as never, sandboxSecret(), Date.now());
    const changed = await h.app.inject({
      method: 'POST',
      url: `/api/pay/notify/sandbox/${await payeeAccount(o.orderNo)}`,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: rawBody.replace(String(o.amountMinor), '1'),
    });
    expect(changed.statusCode).toBe(400);
    // With the sandbox off (real providers live), even a correctly signed sandbox message is refused.
    process.env.PAYMENT_SANDBOX = '0';
    try {
      expect((await webhook(paidEvent(o))).statusCode).toBe(400);
    } finally {
      process.env.PAYMENT_SANDBOX = '1';
    }
    expect(await expiryOf(d.terminalId)).toEqual(before);
    const [row] = await db().select().from(orders).where(eq(orders.orderNo, o.orderNo));
    expect(row!.status).toBe(ORDER_STATUS.toBePaid);
  });

  it('a refund after a renewal restores the old expiry, once', async () => {
    const d = await userDevice();
    const before = await expiryOf(d.terminalId);
    const o = await order(d.terminalId);
    const paid = await h.post('/api/pay/sandbox/pay', { orderNo: o.orderNo, outcome: 'paid' }, user);
    expect(paid.data.state).toBe('success');
    expect((await expiryOf(d.terminalId))!.getTime()).toBeGreaterThan(before!.getTime());
    // The payer cannot refund; the agent who was paid can, once.
    expect((await h.post('/api/pay/wxRefund', { orderNo: o.orderNo }, user)).status).toBe(403);
    const [a, b] = await Promise.all([
      h.post('/api/pay/wxRefund', { orderNo: o.orderNo }, agent),
      h.post('/api/pay/wxRefund', { orderNo: o.orderNo }, agent),
    ]);
    // Asked twice at once: one refund. The second answers the refunded order (it raced past the
    // status check) or orderNotRefundable; either way the days come back once.
    expect([a, b].some((r) => r.status === 200)).toBe(true);
    for (const r of [a, b]) if (r.status !== 200) expect(r.meta.key).toBe('orderNotRefundable');
    expect(await expiryOf(d.terminalId)).toEqual(before);
    const again = await h.post('/api/pay/wxRefund', { orderNo: o.orderNo }, agent);
    expect(again.meta.key).toBe('orderNotRefundable');
    expect(await expiryOf(d.terminalId)).toEqual(before);
  });

  it('where the user expiry decides, a renewal moves it too, and a refund takes both back', async () => {
    const uid = await h.idOf('user');
    const [d] = await db()
      .select()
      .from(devices)
      .where(and(eq(devices.userId, uid), isNotNull(devices.platformExpireAt)))
      .orderBy(asc(devices.id))
      .offset(1)
      .limit(1);
    const platform = new Date(Date.now() + 100 * DAY);
    const userExpiry = new Date(Date.now() - 2 * DAY);
    await db()
      .update(devices)
      .set({ expireType: 1, platformExpireAt: platform, userExpireAt: userExpiry })
      .where(eq(devices.id, d!.id));
    const o = await order(d!.terminalId);
    await h.post('/api/pay/sandbox/pay', { orderNo: o.orderNo, outcome: 'paid' }, user);
    const read = async () => (await db().select().from(devices).where(eq(devices.id, d!.id)))[0]!;
    const renewed = await read();
    expect(renewed.platformExpireAt!.getTime()).toBe(platform.getTime() + 365 * DAY);
    // Counted from now (the user expiry had passed), so the device is usable again.
    expect(renewed.userExpireAt!.getTime()).toBeGreaterThan(Date.now() + 364 * DAY);
    const track = await h.post(
      '/api/track/findTrackByTerminalID',
      {
        terminalID: d!.terminalId,
        startTime: new Date(Date.now() - DAY).toISOString(),
        endTime: new Date().toISOString(),
      },
      agent,
    );
    expect(track.meta.key).not.toBe('deviceExpired');
    expect((await h.post('/api/pay/wxRefund', { orderNo: o.orderNo }, agent)).status).toBe(200);
    const back = await read();
    expect(back.platformExpireAt).toEqual(platform);
    expect(back.userExpireAt).toEqual(userExpiry);
  });

  it('discount codes: applied once, and the spec errors for used, unknown and malformed codes', async () => {
    const d = await userDevice();
    const made = await h.post('/api/pay/discountCode/create', { count: 3, rate: 80 }, agent);
    expect(made.status, JSON.stringify(made.meta)).toBe(200);
    const [code] = made.data.codes as string[];
    const quote = await h.post(
      '/api/order/quote',
      { terminalIDs: [d.terminalId], rechargeType: CARD_TYPE.oneYear, paymentType: 1, discountCode: code },
      user,
    );
    expect(quote.data).toMatchObject({ amountMinor: 8000, discountRate: 80 });
    const o = await order(d.terminalId, { discountCode: code!.toLowerCase() });
    expect(o.amountMinor).toBe(8000);
    const body = { terminalIDs: [d.terminalId], rechargeType: CARD_TYPE.oneYear, paymentType: 1 };
    expect((await h.post('/api/order/create', { ...body, discountCode: code }, user)).meta.key).toBe(
      'discountCodeUsed',
    );
    expect((await h.post('/api/order/create', { ...body, discountCode: 'NOSUCHCODE' }, user)).meta.key).toBe(
      'discountCodeNotFound',
    );
    expect((await h.post('/api/order/create', { ...body, discountCode: 'a-b' }, user)).meta.key).toBe(
      'discountCodeFormat',
    );
    // Another agent's code does not exist for this payer; a disabled one neither.
    expect((await h.post('/api/order/create', { ...body, discountCode: 'SZ5OFF' }, user)).meta.key).toBe(
      'discountCodeNotFound',
    );
    // Cancelling the unpaid order gives its code back.
    expect((await h.post('/api/order/cancel', { orderNo: o.orderNo }, user)).data.state).toBe('cancelled');
    const reuse = await order(d.terminalId, { discountCode: code });
    expect(reuse.amountMinor).toBe(8000);
  });

  it('an order left unpaid past the pay window is closed as expired and frees its code', async () => {
    const d = await userDevice();
    const code = (await h.post('/api/pay/discountCode/create', { count: 1, rate: 70 }, agent)).data.codes[0];
    const stale = await order(d.terminalId, { discountCode: code });
    await db()
      .update(orders)
      .set({ createdAt: new Date(Date.now() - ORDER_PAY_WINDOW_MS - 60_000) })
      .where(eq(orders.orderNo, stale.orderNo));
    const fresh = await order(d.terminalId, { discountCode: code });
    expect(fresh.amountMinor).toBe(7000);
    const closed = await h.post('/api/order/status', { orderNo: stale.orderNo }, user);
    expect(closed.data).toMatchObject({ closedReason: 'expired', state: 'failure' });
    // Money that still arrives for it is not lost: the payment completes the order.
    await webhook(paidEvent(stale));
    expect((await h.post('/api/order/status', { orderNo: stale.orderNo }, user)).data.state).toBe('success');
  });

  it('allowedPay says who pays whom; an account without a payee cannot order', async () => {
    const allowed = await h.get('/api/pay/account/allowedPay', user);
    expect(allowed.data).toMatchObject({ allowed: true, agent: { username: 'agent' }, paymentTypes: [1] });
    expect((await h.get('/api/pay/account/allowedPay', admin)).data.allowed).toBe(false);
    const list = await h.get('/api/pay/account/list', agent);
    const paypal = list.data.list.find((a: { type: number }) => a.type === 1);
    expect(paypal.account.clientSecret).not.toBe('sandbox-secret');
  });
});
