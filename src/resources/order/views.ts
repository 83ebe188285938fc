import { PERMISSIONS as P } from '../../../config/roles';
import { RENEW_PATH, isOpenOrder, prefillOfOrder, renewLink } from '../../pages/pay/renewLogic';
import type { EntityAction, ListView } from '../types';

const byOrderNo = { param: 'orderNo', from: 'orderNo' };

/**
 * Pay again: a provider's approve link is not kept, so the open order is cancelled (its
 * discount code freed) and the renew page opens with the same devices, period and code.
 */
const payAgain: EntityAction = {
  name: 'pay',
  labelKey: 'actions.pay',
  endpoint: '/order/cancel',
  idParam: byOrderNo,
  permissions: [P.orderPay],
  when: isOpenOrder,
  confirmKey: 'actions.payConfirm',
  after: (row) => renewLink(row ? prefillOfOrder(row) : {}),
};
const cancel: EntityAction = {
  name: 'cancel',
  labelKey: 'actions.cancel',
  endpoint: '/order/cancel',
  idParam: byOrderNo,
  permissions: [P.orderPay],
  when: isOpenOrder,
  danger: true,
  confirmKey: 'actions.cancelConfirm',
};

export const ORDER_VIEWS = {
  /** The caller's own orders, newest first. */
  list: {
    kind: 'list',
    endpoint: '/order/list',
    rowKey: 'orderNo',
    // What the buyer looks for first (state, amount, what was renewed) before the details.
    columns: [
      'orderNo',
      'state',
      'amount',
      'rechargeType',
      'rechargeTarget',
      'expireTime',
      'days',
      'paymentType',
      'discountCode',
      'discountRate',
      'unitPrice',
      'createdAt',
      'paidAt',
    ],
    filters: ['orderNo', 'status', 'paymentType', 'startTime', 'endTime'],
    rowActions: [payAgain, cancel],
    links: [{ name: 'renew', labelKey: 'actions.renew', to: RENEW_PATH, permissions: [P.orderPay] }],
  } satisfies ListView,
};
