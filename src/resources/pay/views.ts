import { PERMISSIONS as P } from '../../../config/roles';
import { ORDER_STATUS, PAYMENT_TYPE } from '../../domain/codes';
import { DISCOUNT_CODE_STATUS, parseMajor } from '../../domain/payment';
import type { BatchView, EntityAction, FormView, ListView } from '../types';
import { CARD_COLUMNS } from './fields';
import { accountFormFields } from './accountFields';

const manage = [P.payManage];

/** Cards go to a sub-account of the row; the caller's own row is no destination. */
const transferCards: EntityAction = {
  name: 'transfer',
  labelKey: 'actions.transferCards',
  endpoint: '/card/transfer',
  permissions: [P.cardTransfer],
  fields: ['cardTypeRequired', 'count', 'remark'],
  idParam: { param: 'userId', from: 'id' },
  when: (row) => row.self !== true,
};

const refund: EntityAction = {
  name: 'refund',
  labelKey: 'actions.refund',
  endpoint: '/pay/wxRefund',
  permissions: manage,
  fields: ['reason'],
  idParam: { param: 'orderNo', from: 'orderNo' },
  danger: true,
  when: (row) => row.status === ORDER_STATUS.completed,
};

const account = (type: 'paypal' | 'wechat', edit: boolean): EntityAction => ({
  name: `${edit ? 'edit' : 'add'}${type === 'paypal' ? 'Paypal' : 'Wechat'}`,
  labelKey: `actions.${edit ? 'edit' : 'add'}${type === 'paypal' ? 'Paypal' : 'Wechat'}`,
  endpoint: edit ? '/pay/account/edit' : '/pay/account/add',
  permissions: manage,
  fields: [...accountFormFields(type, edit), 'enabled', 'remark'],
  ...(edit
    ? {
        idParam: { param: 'id', from: 'id' },
        prefill: true,
        when: (row) => row.type === PAYMENT_TYPE[type === 'paypal' ? 'paypal' : 'weixinMiniprogram'],
      }
    : { params: { type: PAYMENT_TYPE[type === 'paypal' ? 'paypal' : 'weixinMiniprogram'] } }),
});

/** The price is typed in major units ("100.00") and sent in minor units of its currency. */
const toMinor = ({ price, ...body }: Record<string, unknown>) => ({
  ...body,
  priceMinor: parseMajor(String(price ?? ''), String(body.currency ?? '')),
});

const codeStatus = (name: string, status: number): EntityAction => ({
  name,
  labelKey: `actions.${name}`,
  endpoint: '/pay/discountCode/status',
  permissions: manage,
  params: { status },
  targetsParam: 'ids',
  immediate: true,
});

/** Screens of the pay entity: cards (balances, records, renewal) and the payment back office. */
export const PAY_VIEWS = {
  cardAccounts: {
    kind: 'list',
    endpoint: '/card/accounts',
    rowKey: 'id',
    paged: false,
    columns: ['username', 'nickname', ...CARD_COLUMNS, 'total'],
    filters: ['userId'],
    rowActions: [transferCards],
  } satisfies ListView,
  cardRecords: {
    kind: 'list',
    endpoint: '/card/records',
    rowKey: 'id',
    columns: [
      'createdAt',
      'operation',
      'cardType',
      'count',
      'fromUser',
      'toUser',
      'operator',
      'terminalIDs',
      'expireBefore',
      'expireAfter',
      'remark',
    ],
    filters: ['operation', 'cardType', 'userId', 'terminalID', 'startTime', 'endTime'],
    export: { endpoint: '/card/exportCard', fileName: 'card-records' },
  } satisfies ListView,
  /** One card type for every device pasted; one device is a batch of one. */
  cardRenew: {
    kind: 'batch',
    endpoint: '/card/renewBatch',
    fields: ['cardTypeRequired'],
    preview: '/card/renewBatch/preview',
  } satisfies BatchView,
  orders: {
    kind: 'list',
    endpoint: '/pay/orders',
    rowKey: 'orderNo',
    // The state next to the order number: the first thing looked for, visible without scrolling.
    columns: [
      'orderNo',
      'orderState',
      'amount',
      'payer',
      'paymentType',
      'rechargeType',
      'rechargeTarget',
      'discountCode',
      'discountRate',
      'expireTime',
      'days',
      'unitPrice',
      'paidAt',
    ],
    filters: ['orderNo', 'status', 'paymentType', 'startTime', 'endTime'],
    rowActions: [refund],
  } satisfies ListView,
  refund: {
    kind: 'form',
    endpoint: '/pay/wxRefund',
    fields: ['orderNoRequired', 'reason'],
    result: 'record',
    writes: true,
    submitKey: 'actions.refund',
    columns: [
      'orderNo',
      'amount',
      'payer',
      'paymentType',
      'rechargeType',
      'rechargeTarget',
      'orderState',
      'paidAt',
      'refundedAt',
    ],
  } satisfies FormView,
  accounts: {
    kind: 'list',
    endpoint: '/pay/account/list',
    method: 'GET',
    rowKey: 'id',
    columns: ['type', 'username', 'merchant', 'notifyUrl', 'enabled', 'secretsSet', 'remark', 'updatedAt'],
    toolbarActions: [account('paypal', false), account('wechat', false)],
    rowActions: [
      account('paypal', true),
      account('wechat', true),
      {
        name: 'delete',
        labelKey: 'actions.delete',
        endpoint: '/pay/account/del/{id}',
        permissions: manage,
        danger: true,
      },
    ],
  } satisfies ListView,
  prices: {
    kind: 'list',
    endpoint: '/pay/renewPrice/list',
    rowKey: 'cardType',
    paged: false,
    columns: ['cardType', 'price', 'currency', 'updatedAt'],
    // Prices of a sub-account: its row actions then act on it too (withFilters).
    filters: ['userId'],
    rowActions: [
      {
        name: 'editPrice',
        labelKey: 'actions.editPrice',
        endpoint: '/pay/renewPrice/save',
        permissions: manage,
        fields: ['price', 'currency'],
        idParam: { param: 'cardType', from: 'cardType' },
        prefill: true,
        withFilters: true,
        request: toMinor,
      },
      {
        name: 'removePrice',
        labelKey: 'actions.removePrice',
        endpoint: '/pay/renewPrice/del',
        permissions: manage,
        idParam: { param: 'cardType', from: 'cardType' },
        withFilters: true,
        danger: true,
        when: (row) => row.priceMinor != null,
      },
    ],
  } satisfies ListView,
  discountCodes: {
    kind: 'list',
    endpoint: '/pay/discountCode/list',
    rowKey: 'id',
    columns: ['code', 'rate', 'used', 'codeStatus', 'batchNo', 'owner', 'usedAt', 'expiresAt', 'createdAt'],
    filters: ['code', 'used', 'codeStatus', 'batchNo'],
    toolbarActions: [
      {
        name: 'createCodes',
        labelKey: 'actions.createCodes',
        endpoint: '/pay/discountCode/create',
        permissions: manage,
        fields: ['codeCount', 'rate', 'fixedCode', 'expiresAt'],
        // The codes just made, one a line, to copy and hand out.
        answer: (data) => ((data as { codes?: string[] }).codes ?? []).join('\n'),
      },
    ],
    batchActions: [
      codeStatus('enableCodes', DISCOUNT_CODE_STATUS.enabled),
      codeStatus('disableCodes', DISCOUNT_CODE_STATUS.disabled),
    ],
  } satisfies ListView,
};
