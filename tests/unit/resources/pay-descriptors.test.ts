import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  actionBody,
  actionPath,
  fieldRules,
  initialValues,
  requestBody,
} from '../../../src/components/resource/derive';
import { cellText } from '../../../src/components/resource/reportLogic';
import { columnSpecs } from '../../../src/components/resource/derive';
import { dataProvider } from '../../../src/providers/dataProvider';
import { PAY_ENTITY } from '../../../src/resources/pay/fields';
import { PAY_VIEWS } from '../../../src/resources/pay/views';
import { findResource } from '../../../src/resources';
import { PERMISSIONS as P } from '../../../config/roles';
import type { EntityAction } from '../../../src/resources/types';

const t = (key: string) => key;
const action = (list: readonly EntityAction[] | undefined, name: string) =>
  list!.find((a) => a.name === name)!;
/** The shown text of a column for a row, as a list cell draws it (computed fields included). */
const cell = (name: string, row: Record<string, unknown>) => {
  const [spec] = columnSpecs(PAY_ENTITY, [name]);
  const value = spec!.field.value ? spec!.field.value(row) : row[name];
  return cellText(PAY_ENTITY, spec!, value, t, undefined, '-');
};

describe('card and payment descriptors', () => {
  it('show a column per card type from the nested cards map, and offer transfer on sub-accounts only', () => {
    const row = { id: 3, username: 'subagent', self: false, cards: { 2: 3, 4: 1 }, total: 4 };
    expect(cell('cards2', row)).toBe(3);
    expect(cell('cards4', row)).toBe(1);
    expect(cell('cards5', row)).toBe(0);
    const transfer = action(PAY_VIEWS.cardAccounts.rowActions, 'transfer');
    expect(transfer.when!(row)).toBe(true);
    expect(transfer.when!({ ...row, self: true })).toBe(false);
    const body = actionBody(
      transfer,
      requestBody(PAY_ENTITY, transfer.fields!, { cardTypeRequired: 6, count: 5, remark: ' ' }),
      { row },
    );
    expect(body).toEqual({ userId: 3, cardType: 6, count: 5, remark: ' ' });
  });

  it('show amounts in major units with their currency, and why an unpaid order was closed', () => {
    const order = {
      amountMinor: 18000,
      unitPriceMinor: 10000,
      currency: 'CNY',
      status: 2,
      closedReason: null,
    };
    expect(cell('amount', order)).toBe('180.00 CNY');
    expect(cell('unitPrice', { ...order, currency: 'JPY', unitPriceMinor: 500 })).toBe('500 JPY');
    expect(cell('orderState', order)).toBe('pay:orderStates.completed');
    expect(cell('orderState', { ...order, status: 1, closedReason: 'expired' })).toBe(
      'pay:orderStates.expired',
    );
    expect(cell('orderState', { ...order, status: 1 })).toBe('pay:orderStates.toBePaid');
    expect(cell('discountRate', { discountRate: 90 })).toBe('90%');
    const refund = action(PAY_VIEWS.orders.rowActions, 'refund');
    expect(refund.when!({ status: 2 })).toBe(true);
    expect(refund.when!({ status: 3 })).toBe(false);
  });

  it('edit a price in major units, sent in minor units for the account filtered', async () => {
    const edit = action(PAY_VIEWS.prices.rowActions, 'editPrice');
    const row = { cardType: 2, priceMinor: 10000, currency: 'USD' };
    expect(initialValues(PAY_ENTITY, edit.fields!, row)).toEqual({ price: '100.00', currency: 'USD' });
    // A type not sold yet starts empty, in the default currency.
    expect(
      initialValues(PAY_ENTITY, edit.fields!, { cardType: 4, priceMinor: null, currency: null }),
    ).toEqual({
      currency: 'CNY',
    });
    const form = requestBody(PAY_ENTITY, edit.fields!, { price: '99.5', currency: 'CNY' });
    expect(actionBody(edit, form, { row, filters: { userId: 7 } })).toEqual({
      userId: 7,
      cardType: 2,
      currency: 'CNY',
      priceMinor: 9950,
    });
    const [rule] = fieldRules(PAY_ENTITY, 'price', t).filter((r) => r.validator);
    await expect(rule!.validator!(null, '12.345')).rejects.toThrow('pay:help.priceFormat');
    await expect(rule!.validator!(null, '12.34')).resolves.toBeUndefined();
  });

  it('nest provider keys under account, keep empty secrets out, and delete by the id in the path', () => {
    const edit = action(PAY_VIEWS.accounts.rowActions, 'editPaypal');
    const row = {
      id: 9,
      type: 1,
      account: { clientId: 'abc', webhookId: 'WH-1', mode: 'live' },
      enabled: false,
    };
    const start = initialValues(PAY_ENTITY, edit.fields!, row);
    expect(start).toMatchObject({ ppClientId: 'abc', ppWebhookId: 'WH-1', ppMode: 'live', enabled: false });
    expect(start).not.toHaveProperty('ppClientSecretKeep');
    const body = actionBody(
      edit,
      requestBody(PAY_ENTITY, edit.fields!, { ...start, ppClientSecretKeep: '' }),
      {
        row,
      },
    );
    expect(body).toEqual({
      id: 9,
      account: { clientId: 'abc', webhookId: 'WH-1', mode: 'live' },
      enabled: false,
    });
    expect(edit.when!({ type: 2 })).toBe(false);
    const add = PAY_VIEWS.accounts.toolbarActions.find((a) => a.name === 'addWechat')!;
    expect(add.fields).toContain('wxPrivateKey');
    expect(actionBody(add, {}, {})).toEqual({ type: 2 });
    const del = action(PAY_VIEWS.accounts.rowActions, 'delete');
    expect(actionPath(del, row)).toBe('/pay/account/del/9');
    expect(cell('notifyUrl', row)).toMatch(/\/api\/pay\/notify\/paypal\/9$/);
  });

  it('show the created discount codes one a line, and set the status of the selected codes', () => {
    const create = PAY_VIEWS.discountCodes.toolbarActions[0]!;
    expect(create.answer!({ batchNo: 'B1', codes: ['ABCDEFGH23', 'ZZZZZZZZ99'] })).toBe(
      'ABCDEFGH23\nZZZZZZZZ99',
    );
    const disable = action(PAY_VIEWS.discountCodes.batchActions, 'disableCodes');
    expect(actionBody(disable, {}, { targets: ['4', '5'] })).toEqual({ status: 0, ids: ['4', '5'] });
    expect(requestBody(PAY_ENTITY, create.fields!, { codeCount: 1, rate: 80, fixedCode: 'vip2024' })).toEqual(
      { count: 1, rate: 80, code: 'vip2024' },
    );
  });

  it('are guarded by the new permissions', () => {
    expect(findResource('cardAccounts')?.permissions).toEqual([P.cardList]);
    expect(findResource('cardRenew')?.permissions).toEqual([P.cardRenew]);
    for (const name of ['payOrders', 'wxRefund', 'agentAccount', 'renewPrice', 'discountCode'])
      expect(findResource(name)?.permissions, name).toEqual([P.payManage]);
  });
});

describe('a GET list endpoint', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the page and the filters as query parameters', async () => {
    const fetch = vi.fn(
      async () =>
        new Response(
          JSON.stringify({ meta: { success: true, code: 200, message: '' }, data: { list: [], total: 0 } }),
          { status: 200, headers: { 'content-type': 'application/json' } },
        ),
    );
    vi.stubGlobal('fetch', fetch);
    await dataProvider.getList({
      resource: 'agentAccount',
      pagination: { currentPage: 2, pageSize: 10 },
      filters: [{ field: 'userId', operator: 'eq', value: 7 }],
      meta: { endpoints: { list: '/pay/account/list' }, method: 'GET' },
    });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
    expect(url).toBe('/api/pay/account/list?pageNum=2&pageSize=10&userId=7');
  });
});
