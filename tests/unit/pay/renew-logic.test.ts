import { describe, expect, it } from 'vitest';
import { ROLE } from '../../../config/roles';
import { CARD_TYPE, PAYMENT_TYPE } from '../../../src/domain/codes';
import { guardRoute } from '../../../src/domain/routeGuard';
import {
  nextPoll,
  payResultQuery,
  POLL_INTERVAL_MS,
  POLL_LIMIT_MS,
} from '../../../src/pages/pay/payResultLogic';
import {
  isOpenOrder,
  moneyText,
  orderRequest,
  parseRenewQuery,
  prefillOfOrder,
  quoteLines,
  renewLink,
  returnPath,
  type Quote,
} from '../../../src/pages/pay/renewLogic';
import { resourceAtPath } from '../../../src/resources';
import { menuFor, type MenuNode } from '../../../src/resources/menu';

const quote = (over: Partial<Quote> = {}): Quote => ({
  agent: { id: 2, username: 'agent', nickname: null },
  devices: 2,
  unitPriceMinor: 10000,
  currency: 'CNY',
  days: 365,
  discountRate: null,
  amountMinor: 20000,
  ...over,
});

describe('renew page links', () => {
  it('round-trips the preselection through the query', () => {
    const link = renewLink({
      terminalIDs: ['868120300000001', '868120300000002'],
      rechargeType: CARD_TYPE.oneYear,
      paymentType: PAYMENT_TYPE.paypal,
      discountCode: 'ABC234',
    });
    expect(link.startsWith('/index/order/renew?')).toBe(true);
    const back = parseRenewQuery(new URLSearchParams(link.split('?')[1]));
    expect(back).toEqual({
      terminalIDs: ['868120300000001', '868120300000002'],
      rechargeType: CARD_TYPE.oneYear,
      paymentType: PAYMENT_TYPE.paypal,
      discountCode: 'ABC234',
    });
    expect(renewLink()).toBe('/index/order/renew');
  });

  it('drops values that are no card or payment type, and repeated devices', () => {
    const q = new URLSearchParams('terminalID=1,2&terminalID=2&rechargeType=9&paymentType=abc');
    expect(parseRenewQuery(q)).toEqual({ terminalIDs: ['1', '2'] });
  });

  it('pays an order again with its devices, period, method and code', () => {
    const row = {
      rechargeTarget: '111, 222',
      rechargeType: CARD_TYPE.halfYear,
      paymentType: PAYMENT_TYPE.paypal,
      discountCode: 'SPRING10',
      status: 1,
      closedReason: null,
    };
    expect(prefillOfOrder(row)).toEqual({
      terminalIDs: ['111', '222'],
      rechargeType: CARD_TYPE.halfYear,
      paymentType: PAYMENT_TYPE.paypal,
      discountCode: 'SPRING10',
    });
    expect(isOpenOrder(row)).toBe(true);
    expect(isOpenOrder({ ...row, closedReason: 'cancelled' })).toBe(false);
    expect(isOpenOrder({ ...row, status: 2 })).toBe(false);
  });
});

describe('renew form and quote', () => {
  it('asks for a quote only with devices, a period and a payment method; codes in upper case', () => {
    expect(orderRequest({ terminalIDs: [], rechargeType: 2, paymentType: 1 })).toBeNull();
    expect(orderRequest({ terminalIDs: ['1'], paymentType: 1 })).toBeNull();
    expect(orderRequest({ terminalIDs: ['1'], rechargeType: 2, paymentType: 1, discountCode: '  ' })).toEqual(
      {
        terminalIDs: ['1'],
        rechargeType: 2,
        paymentType: 1,
      },
    );
    expect(
      orderRequest({ terminalIDs: ['1'], rechargeType: 2, paymentType: 1, discountCode: ' abc234 ' })
        ?.discountCode,
    ).toBe('ABC234');
  });

  it('shows money from integer minor units in the currency decimals', () => {
    expect(moneyText(10000, 'CNY')).toBe('100.00 CNY');
    expect(moneyText(5, 'USD')).toBe('0.05 USD');
    expect(moneyText(500, 'JPY')).toBe('500 JPY');
    expect(moneyText(null, 'CNY')).toBeNull();
    expect(moneyText(1.5, 'CNY')).toBeNull();
  });

  it('lays out the quote: no discount line without a code, the amount taken off with one', () => {
    expect(quoteLines(quote())).toEqual({
      unit: '100.00 CNY',
      subtotal: '200.00 CNY',
      discount: null,
      total: '200.00 CNY',
    });
    expect(quoteLines(quote({ discountRate: 80, amountMinor: 16000 }))).toEqual({
      unit: '100.00 CNY',
      subtotal: '200.00 CNY',
      discount: '-40.00 CNY',
      total: '160.00 CNY',
    });
  });
});

describe('sandbox return', () => {
  const origin = 'http://localhost:8080';
  it('goes back to this site only, else to the order result page', () => {
    expect(returnPath(`${origin}/payResult?orderNo=FG1&cancel=1`, origin, 'FG1')).toBe(
      '/payResult?orderNo=FG1&cancel=1',
    );
    expect(returnPath('/payResult?orderNo=FG1', origin, 'FG1')).toBe('/payResult?orderNo=FG1');
    expect(returnPath('https://evil.example/payResult?orderNo=FG1', origin, 'FG1')).toBe(
      '/payResult?orderNo=FG1',
    );
    expect(returnPath(`${origin}/index/home`, origin, 'FG1')).toBe('/payResult?orderNo=FG1');
    expect(returnPath(null, origin, 'FG 1')).toBe('/payResult?orderNo=FG%201');
  });
});

describe('payResult polling', () => {
  it('asks every 2 s while confirming, stops at a final state, gives up after a minute', () => {
    const t0 = 1_000_000;
    expect(nextPoll('confirming', t0, t0)).toEqual({ kind: 'wait', delayMs: POLL_INTERVAL_MS });
    expect(nextPoll('confirming', t0, t0 + POLL_LIMIT_MS - 500)).toEqual({ kind: 'wait', delayMs: 500 });
    expect(nextPoll('confirming', t0, t0 + POLL_LIMIT_MS)).toEqual({ kind: 'timedOut' });
    for (const s of ['success', 'failure', 'cancelled', 'refunded'] as const)
      expect(nextPoll(s, t0, t0 + 10 * POLL_LIMIT_MS)).toEqual({ kind: 'done', state: s });
  });

  it('reads the order and the cancel flag of the provider cancel link', () => {
    expect(payResultQuery(new URLSearchParams('orderNo=FG1&cancel=1'))).toEqual({
      orderNo: 'FG1',
      cancel: true,
    });
    expect(payResultQuery(new URLSearchParams('orderNo=%20'))).toEqual({ orderNo: null, cancel: false });
  });
});

describe('renewal routes', () => {
  const user = { id: 103, role: ROLE.user };
  const guard = (path: string, u: typeof user | null) =>
    guardRoute({ path, user: u, loginPaths: ['/login'], findRoute: resourceAtPath });

  it('opens the sandbox checkout and the result page without the app login (they ask for it)', () => {
    expect(guard('/sandbox-pay', null)).toEqual({ kind: 'allow' });
    expect(guard('/payResult', null)).toEqual({ kind: 'allow' });
  });

  it('routes the renew page for an end user without listing it in the menu', () => {
    expect(guard('/index/order/renew', user)).toEqual({ kind: 'allow' });
    expect(guard('/index/order/list', user)).toEqual({ kind: 'allow' });
    const names = (nodes: MenuNode[]): string[] =>
      nodes.flatMap((n) => [n.resource.name, ...names(n.children)]);
    const menu = names(menuFor(user));
    expect(menu).toContain('orderList');
    expect(menu).not.toContain('orderRenew');
  });
});
