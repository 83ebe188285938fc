import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CARD_TYPE, ORDER_STATUS, PAYMENT_TYPE } from '../../src/domain/codes';
import { devices } from '../../server/db/schema/devices';
import { orders } from '../../server/db/schema/orders';
import { paymentAccounts } from '../../server/db/schema/payment-accounts';
import { sandboxSecret, signSandboxWebhook } from '../../server/services/payment/providers';
import { checkPaymentSandbox } from '../../server/services/payment/sandbox-guard';
import { encryptResource, notification, signedDelivery, wechatMerchant } from '../support/wechat-merchant';
import { closeDatabase, startHarness, type Harness } from './harness';

// Forged and doubtful payment notices, as a hostile tenant (agent2) would send them: none may
// renew or take back a day of a device in agent's tree. Each test makes its own device and order.

/** WeChat Pay's API as this test's provider stand-in: the trade state it reports per order. */
const wechatTrades = new Map<string, { state: string; total: number }>();
const realFetch = globalThis.fetch;
vi.stubGlobal('fetch', async (input: string | URL | Request, init?: RequestInit) => {
  const url = new URL(String(input instanceof Request ? input.url : input));
  if (url.hostname !== 'api.mch.weixin.qq.com') return realFetch(input, init);
  const orderNo = decodeURIComponent(/out-trade-no\/([^/?]+)/.exec(url.pathname)?.[1] ?? '');
  const t = wechatTrades.get(orderNo);
  const body = t
    ? {
        out_trade_no: orderNo,
        transaction_id: `42${orderNo}`,
        trade_state: t.state,
        amount: { total: t.total, currency: 'CNY' },
      }
    : { code: 'ORDER_NOT_EXIST' };
  return new Response(JSON.stringify(body), { status: t ? 200 : 404 });
});

let h: Harness;
let user: string;
let agent2: string;
const DAY = 86_400_000;
const db = () => h.handle.db;
let seq = 0;

beforeAll(async () => {
  h = await startHarness();
  [user, agent2] = await Promise.all([h.login('user'), h.login('agent2')]);
});
afterAll(async () => {
  await h.close();
  await closeDatabase();
  vi.unstubAllGlobals();
});

/** A device of user's of this test's own, expiring in 10 days. */
async function ownDevice() {
  const terminalId = `86300${String(Date.now() % 1e8).padStart(8, '0')}${seq++ % 10}`;
  await db()
    .insert(devices)
    .values({
      terminalId,
      userId: await h.idOf('user'),
      protocol: 13,
      platformExpireAt: new Date(Date.now() + 10 * DAY),
    });
  return terminalId;
}
const expiryOf = async (terminalId: string) =>
  (
    await db().select({ e: devices.platformExpireAt }).from(devices).where(eq(devices.terminalId, terminalId))
  )[0]!.e;
const orderRow = async (orderNo: string) =>
  (await db().select().from(orders).where(eq(orders.orderNo, orderNo)))[0]!;
const accountOf = async (username: string, type: number) =>
  (
    await db()
      .select()
      .from(paymentAccounts)
      .where(and(eq(paymentAccounts.userId, await h.idOf(username)), eq(paymentAccounts.type, type)))
  )[0]!;

/** user orders a year for a device of its own; the order is payable to agent's account. */
async function newOrder() {
  const terminalId = await ownDevice();
  const r = await h.post(
    '/api/order/create',
    { terminalIDs: [terminalId], rechargeType: CARD_TYPE.oneYear, paymentType: PAYMENT_TYPE.paypal },
    user,
  );
  expect(r.status, JSON.stringify(r.meta)).toBe(200);
  return { terminalId, ...(r.data as { orderNo: string; amountMinor: number; currency: string }) };
}

const post = (url: string, d: { headers: Record<string, string>; rawBody: string }) =>
  h.app.inject({
    method: 'POST',
    url,
    headers: { ...d.headers, 'content-type': 'application/json' },
    payload: d.rawBody,
  });
const sandboxNotice = (body: object) => signSandboxWebhook(body, sandboxSecret(), Date.now());
const outcome = (r: Awaited<ReturnType<typeof post>>) => r.json().data?.outcome ?? r.json().meta.key;

/** agent2's own WeChat Pay merchant: real keys of its own, which sign whatever it likes. */
const attacker = wechatMerchant();
function wechatNotice(eventType: string, resource: object, id = `EV-${seq++}`) {
  const body = notification(
    id,
    eventType,
    encryptResource(resource, 'transaction', attacker.account.apiV3Key!),
  );
  return signedDelivery(
    body,
    attacker.platform.privateKey,
    attacker.account.platformSerial!,
    String(Math.floor(Date.now() / 1000)),
  );
}

describe('payment notices from another tree', () => {
  it('agent2 cannot pay or refund an order of agent’s customer with a WeChat account of its own', async () => {
    const o = await newOrder();
    const before = await expiryOf(o.terminalId);
    const add = await h.post(
      '/api/pay/account/add',
      { type: PAYMENT_TYPE.weixinMiniprogram, account: attacker.account, enabled: false },
      agent2,
    );
    expect(add.status, JSON.stringify(add.meta)).toBe(200);
    const url = `/api/pay/notify/wechat/${add.data.id}`;
    const paid = () =>
      wechatNotice('TRANSACTION.SUCCESS', {
        out_trade_no: o.orderNo,
        transaction_id: `T${o.orderNo}`,
        trade_state: 'SUCCESS',
        amount: { total: o.amountMinor, currency: o.currency },
      });
    // An account that does not exist, or past any id, takes none.
    for (const id of ['999999', '99999999999'])
      expect((await post(`/api/pay/notify/wechat/${id}`, paid())).statusCode).toBe(400);
    // Disabled, its URL takes no notice at all.
    const refused = await post(url, paid());
    expect(refused.statusCode).toBe(400);
    expect(refused.json().meta.key).toBe('webhookRejected');
    // Enabled (as with the sandbox off), it is still not the account the order is payable to.
    await db().update(paymentAccounts).set({ enabled: true }).where(eq(paymentAccounts.id, add.data.id));
    expect(outcome(await post(url, paid()))).toBe('rejected');
    expect(await expiryOf(o.terminalId)).toEqual(before);
    expect((await orderRow(o.orderNo)).status).toBe(ORDER_STATUS.toBePaid);

    // Paid for real, then a forged refund: the year stays.
    await h.post('/api/pay/sandbox/pay', { orderNo: o.orderNo, outcome: 'paid' }, user);
    const renewed = await expiryOf(o.terminalId);
    expect(renewed!.getTime()).toBeGreaterThan(before!.getTime() + 364 * DAY);
    const refund = wechatNotice('REFUND.SUCCESS', {
      out_trade_no: o.orderNo,
      out_refund_no: `R${o.orderNo}`,
      refund_id: '5020',
      refund_status: 'SUCCESS',
      amount: { total: o.amountMinor, refund: o.amountMinor },
    });
    expect(outcome(await post(url, refund))).toBe('rejected');
    expect(await expiryOf(o.terminalId)).toEqual(renewed);
    expect((await orderRow(o.orderNo)).status).toBe(ORDER_STATUS.completed);
    await db().update(paymentAccounts).set({ enabled: false }).where(eq(paymentAccounts.id, add.data.id));
  });

  it('a notice to another enabled account, or from another provider, changes nothing', async () => {
    const o = await newOrder();
    const before = await expiryOf(o.terminalId);
    const paid = {
      id: `sbx-${o.orderNo}`,
      type: 'payment.succeeded',
      orderNo: o.orderNo,
      amountMinor: o.amountMinor,
      currency: o.currency,
      transactionId: 'T',
    };
    const agent2Paypal = await accountOf('agent2', PAYMENT_TYPE.paypal);
    expect(outcome(await post(`/api/pay/notify/sandbox/${agent2Paypal.id}`, sandboxNotice(paid)))).toBe(
      'rejected',
    );
    // An order taken by PayPal is not completed by a sandbox notice, even at its own account.
    const row = await orderRow(o.orderNo);
    await db().update(orders).set({ provider: 'paypal' }).where(eq(orders.id, row.id));
    expect(outcome(await post(`/api/pay/notify/sandbox/${row.paymentAccountId}`, sandboxNotice(paid)))).toBe(
      'rejected',
    );
    expect(await expiryOf(o.terminalId)).toEqual(before);
    expect((await orderRow(o.orderNo)).status).toBe(ORDER_STATUS.toBePaid);
    // Rejected notices leave no event behind: the real provider's event of that id still applies.
    await db().update(orders).set({ provider: 'sandbox' }).where(eq(orders.id, row.id));
    expect(outcome(await post(`/api/pay/notify/sandbox/${row.paymentAccountId}`, sandboxNotice(paid)))).toBe(
      'applied',
    );
  });

  it('a payment notice without an amount, or for a cancelled order, changes nothing', async () => {
    const o = await newOrder();
    const before = await expiryOf(o.terminalId);
    const url = `/api/pay/notify/sandbox/${(await orderRow(o.orderNo)).paymentAccountId}`;
    const bare = {
      id: `bare-${o.orderNo}`,
      type: 'payment.succeeded',
      orderNo: o.orderNo,
      transactionId: 'T',
    };
    expect(outcome(await post(url, sandboxNotice(bare)))).toBe('mismatch');
    expect(
      outcome(
        await post(url, sandboxNotice({ ...bare, id: `cur-${o.orderNo}`, amountMinor: o.amountMinor })),
      ),
    ).toBe('mismatch');
    expect((await h.post('/api/order/cancel', { orderNo: o.orderNo }, user)).status).toBe(200);
    const whole = { ...bare, id: `late-${o.orderNo}`, amountMinor: o.amountMinor, currency: o.currency };
    expect(outcome(await post(url, sandboxNotice(whole)))).toBe('ignored');
    expect(await expiryOf(o.terminalId)).toEqual(before);
    expect(await orderRow(o.orderNo)).toMatchObject({
      status: ORDER_STATUS.toBePaid,
      closedReason: 'cancelled',
    });
  });
});

describe('money moves on what the provider says', () => {
  it('a genuine WeChat notice applies only once the trade query confirms it, at the queried amount', async () => {
    const o = await newOrder();
    const before = await expiryOf(o.terminalId);
    // agent's own WeChat Pay account, with the keys WeChat's platform signs with (the stand-in's).
    const own = await accountOf('agent', PAYMENT_TYPE.weixinMiniprogram);
    await db()
      .update(paymentAccounts)
      .set({ account: attacker.account, enabled: true })
      .where(eq(paymentAccounts.id, own.id));
    await db()
      .update(orders)
      .set({ provider: 'wechat', paymentAccountId: own.id, currency: 'CNY' })
      .where(eq(orders.orderNo, o.orderNo));
    const url = `/api/pay/notify/wechat/${own.id}`;
    const notice = (id: string) =>
      wechatNotice(
        'TRANSACTION.SUCCESS',
        {
          out_trade_no: o.orderNo,
          transaction_id: `T${o.orderNo}`,
          trade_state: 'SUCCESS',
          amount: { total: o.amountMinor, currency: 'CNY' },
        },
        id,
      );
    wechatTrades.set(o.orderNo, { state: 'NOTPAY', total: o.amountMinor });
    expect(outcome(await post(url, notice(`A-${o.orderNo}`)))).toBe('unconfirmed');
    expect(await expiryOf(o.terminalId)).toEqual(before);
    // WeChat says it was paid, but a cent less than the order: nothing is renewed.
    wechatTrades.set(o.orderNo, { state: 'SUCCESS', total: o.amountMinor - 1 });
    expect(outcome(await post(url, notice(`B-${o.orderNo}`)))).toBe('mismatch');
    expect(await expiryOf(o.terminalId)).toEqual(before);
    wechatTrades.set(o.orderNo, { state: 'SUCCESS', total: o.amountMinor });
    expect(outcome(await post(url, notice(`C-${o.orderNo}`)))).toBe('applied');
    expect((await expiryOf(o.terminalId))!.getTime()).toBeGreaterThan(before!.getTime() + 364 * DAY);
    await db().update(paymentAccounts).set({ enabled: false }).where(eq(paymentAccounts.id, own.id));
  });
});

describe('the payment sandbox', () => {
  it('is refused beside an enabled account that takes real money, or a public address', async () => {
    const warnings: string[] = [];
    await checkPaymentSandbox(db(), null, (l) => warnings.push(l));
    expect(warnings.join()).toMatch(/payment sandbox is on/);
    await expect(checkPaymentSandbox(db(), 'https://track.example.com', () => {})).rejects.toThrow(
      /PUBLIC_URL/,
    );
    // Nor can an agent turn an account to live money while the sandbox runs.
    const paypal = await accountOf('agent2', PAYMENT_TYPE.paypal);
    const live = await h.post('/api/pay/account/edit', { id: paypal.id, account: { mode: 'live' } }, agent2);
    expect(live.meta.key).toBe('paymentSandboxOn');
    expect((await accountOf('agent2', PAYMENT_TYPE.paypal)).account.mode).toBe('sandbox');
    const real = await accountOf('agent', PAYMENT_TYPE.weixinMiniprogram);
    await db().update(paymentAccounts).set({ enabled: true }).where(eq(paymentAccounts.id, real.id));
    await expect(checkPaymentSandbox(db(), null, () => {})).rejects.toThrow(/takes real money/);
    await db().update(paymentAccounts).set({ enabled: false }).where(eq(paymentAccounts.id, real.id));
  });
});
