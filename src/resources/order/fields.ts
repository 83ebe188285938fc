import { ORDER_STATUS, PAYMENT_TYPE } from '../../domain/codes';
import { CARD_TYPES, ORDER_CLOSED } from '../../domain/payment';
import { CARD_TYPE_NAMES, PAYMENT_TYPE_NAMES, moneyText } from '../../pages/pay/renewLogic';
import type { EntityDescriptor, FieldOption } from '../types';

const cardTypeOptions: FieldOption[] = CARD_TYPES.map((value) => ({
  value,
  labelKey: `cardTypes.${CARD_TYPE_NAMES[value]}`,
}));
const paymentTypeOptions: FieldOption[] = Object.values(PAYMENT_TYPE).map((value) => ({
  value,
  labelKey: `paymentTypes.${PAYMENT_TYPE_NAMES[value]}`,
}));
const statusOptions: FieldOption[] = Object.entries(ORDER_STATUS).map(([name, value]) => ({
  value,
  labelKey: `status.${name}`,
}));
/** The order's state as /payResult names it, plus "expired" for an unpaid order closed by time. */
const stateOptions: FieldOption[] = [
  { value: 'confirming', labelKey: 'state.toBePaid', color: 'gold' },
  { value: 'success', labelKey: 'state.success', color: 'green' },
  { value: 'failure', labelKey: 'state.failure', color: 'red' },
  { value: 'cancelled', labelKey: 'state.cancelled', color: 'default' },
  { value: 'expired', labelKey: 'state.expired', color: 'default' },
  { value: 'refunded', labelKey: 'state.refunded', color: 'purple' },
];

/**
 * The caller's own renewal orders (order/list). Amounts come in integer minor units with their
 * currency, so the money columns are computed from the row.
 */
export const ORDER_ENTITY: EntityDescriptor = {
  namespace: 'order',
  subject: 'order',
  fields: {
    orderNo: { type: 'text', maxLength: 40, width: 200 },
    amount: { type: 'text', value: (r) => moneyText(r.amountMinor, r.currency), width: 120 },
    paymentType: { type: 'select', options: paymentTypeOptions, width: 110 },
    rechargeType: { type: 'select', options: cardTypeOptions, width: 110 },
    rechargeTarget: { type: 'text', width: 180 },
    discountCode: { type: 'text', width: 120 },
    // A rate is the percent of the price paid: 80 means 20% off.
    discountRate: { type: 'number', format: (v) => `${String(v)}%`, width: 90 },
    // Lifetime orders add no count of days (the expiry moves to the end of 2099).
    days: { type: 'number', format: (v) => (v ? Number(v) : '∞'), width: 70 },
    expireTime: { type: 'datetime', width: 150 },
    unitPrice: { type: 'text', value: (r) => moneyText(r.unitPriceMinor, r.currency), width: 110 },
    state: {
      type: 'select',
      options: stateOptions,
      value: (r) => (r.closedReason === ORDER_CLOSED.expired ? 'expired' : r.state),
      width: 100,
    },
    status: { type: 'select', options: statusOptions },
    createdAt: { type: 'datetime', width: 150 },
    paidAt: { type: 'datetime', width: 150 },
    startTime: { type: 'datetime' },
    endTime: { type: 'datetime' },
  },
};
