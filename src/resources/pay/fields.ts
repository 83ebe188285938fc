import { CARD_OPERATION, CARD_TYPE, ORDER_STATUS, PAYMENT_TYPE } from '../../domain/codes';
import {
  CARD_MOVE_MAX,
  CARD_TYPES,
  CURRENCIES,
  DISCOUNT_BATCH_MAX,
  DISCOUNT_CODE_STATUS,
  DISCOUNT_RATE_MAX,
  DISCOUNT_RATE_MIN,
  formatMinor,
  isDiscountCodeFormat,
  ORDER_CLOSED,
} from '../../domain/payment';
import type { EntityDescriptor, EntityField, FieldOption } from '../types';
import { keyedOptions } from '../options';
import { PAY_ACCOUNT_FIELDS } from './accountFields';

type Row = Record<string, unknown>;

/** Card types in the order of their validity (one month first), named by CARD_TYPE. */
const CARD_NAMES = Object.fromEntries(Object.entries(CARD_TYPE).map(([name, code]) => [code, name]));
export const cardTypeOptions: FieldOption[] = CARD_TYPES.map((code) => ({
  value: code,
  labelKey: `cardTypes.${CARD_NAMES[code]}`,
}));

/** One column per card type over the `cards` map of a balance row ({cardType: count}). */
const cardColumns: Record<string, EntityField> = Object.fromEntries(
  CARD_TYPES.map((code) => [
    `cards${code}`,
    {
      type: 'number',
      labelKey: `cardTypes.${CARD_NAMES[code]}`,
      width: 90,
      value: (row: Row) => (row.cards as Record<number, number> | undefined)?.[code] ?? 0,
    } satisfies EntityField,
  ]),
);
export const CARD_COLUMNS = Object.keys(cardColumns);

/** An amount in minor units shown in its currency's major units, with the currency. */
const money = (minorField: string) => (row: Row) =>
  typeof row[minorField] === 'number' && typeof row.currency === 'string'
    ? `${formatMinor(row[minorField], row.currency)} ${row.currency}`
    : null;

/** An order to be paid that was closed shows why (cancelled, failed, expired), not "to be paid". */
const orderState = (row: Row) =>
  row.status === ORDER_STATUS.toBePaid && row.closedReason ? row.closedReason : row.status;

const text = (extra: Partial<EntityField> = {}): EntityField => ({ type: 'text', maxLength: 64, ...extra });
const time = (extra: Partial<EntityField> = {}): EntityField => ({ type: 'datetime', width: 160, ...extra });

/**
 * Prepaid cards and online payment (issue 14): card balances, card records, orders, payment
 * accounts, renewal prices and discount codes. Labels are keys of the pay namespace.
 */
export const PAY_ENTITY: EntityDescriptor = {
  namespace: 'pay',
  subject: 'pay',
  fields: {
    // card balances
    username: text({ width: 120 }),
    nickname: text(),
    ...cardColumns,
    total: { type: 'number', labelKey: 'fields.totalCards', width: 80 },
    userId: { type: 'account', labelKey: 'fields.account' },
    cardType: { type: 'select', options: cardTypeOptions, width: 100 },
    cardTypeRequired: {
      type: 'select',
      options: cardTypeOptions,
      required: true,
      labelKey: 'fields.cardType',
      param: 'cardType',
    },
    count: { type: 'number', required: true, min: 1, max: CARD_MOVE_MAX, initialValue: 1, width: 70 },
    remark: { type: 'textarea', maxLength: 255 },
    // card records
    operation: {
      type: 'select',
      options: keyedOptions('operations', CARD_OPERATION, {
        systemSetting: 'blue',
        transfer: 'purple',
        deviceImport: 'cyan',
        renewal: 'green',
      }),
      width: 110,
    },
    fromUser: text({ width: 110 }),
    toUser: text({ width: 110 }),
    operator: text({ width: 110 }),
    terminalIDs: text(),
    terminalID: text({ maxLength: 20, labelKey: 'fields.imei' }),
    expireBefore: time(),
    expireAfter: time(),
    startTime: time(),
    endTime: time(),
    createdAt: time(),
    // orders
    orderNo: text({ maxLength: 40, width: 170 }),
    orderNoRequired: text({ maxLength: 40, required: true, labelKey: 'fields.orderNo', param: 'orderNo' }),
    amount: { type: 'text', value: money('amountMinor'), width: 110 },
    unitPrice: { type: 'text', value: money('unitPriceMinor'), width: 110 },
    payer: text({ width: 100 }),
    paymentType: { type: 'select', options: keyedOptions('paymentTypes', PAYMENT_TYPE), width: 100 },
    rechargeType: { type: 'select', options: cardTypeOptions, width: 100 },
    rechargeTarget: text(),
    discountCode: text({ width: 110 }),
    discountRate: { type: 'number', width: 90, format: (v) => `${String(v)}%` },
    expireTime: time(),
    days: { type: 'number', width: 70 },
    status: {
      type: 'select',
      options: keyedOptions('orderStates', ORDER_STATUS, {
        completed: 'green',
        refunded: 'purple',
        toBePaid: 'orange',
      }),
    },
    orderState: {
      type: 'select',
      labelKey: 'fields.status',
      value: orderState,
      options: [
        ...keyedOptions('orderStates', ORDER_STATUS, {
          completed: 'green',
          refunded: 'purple',
          toBePaid: 'orange',
        }),
        ...keyedOptions('orderStates', ORDER_CLOSED, {
          cancelled: 'default',
          failed: 'red',
          expired: 'default',
        }),
      ],
      width: 100,
    },
    paidAt: time(),
    refundedAt: time(),
    reason: text({ maxLength: 80 }),
    // payment accounts
    ...PAY_ACCOUNT_FIELDS,
    // renewal prices
    price: {
      type: 'text',
      required: true,
      maxLength: 12,
      pattern: { regex: /^\d{1,7}(\.\d{1,2})?$/, messageKey: 'help.priceFormat' },
      helpKey: 'help.price',
      value: (row) =>
        typeof row.priceMinor === 'number' && typeof row.currency === 'string'
          ? formatMinor(row.priceMinor, row.currency)
          : null,
    },
    currency: {
      type: 'select',
      required: true,
      options: CURRENCIES.map((c) => ({ value: c, label: c })),
      initialValue: 'CNY',
      width: 90,
    },
    updatedAt: time(),
    // discount codes
    code: text({ maxLength: 32, copyable: true, width: 150 }),
    fixedCode: text({
      maxLength: 16,
      param: 'code',
      helpKey: 'help.fixedCode',
      validate: (v) => (isDiscountCodeFormat(v) ? null : 'discountCodeFormat'),
    }),
    codeCount: {
      type: 'number',
      required: true,
      min: 1,
      max: DISCOUNT_BATCH_MAX,
      initialValue: 10,
      labelKey: 'fields.count',
      param: 'count',
    },
    rate: {
      type: 'number',
      required: true,
      min: DISCOUNT_RATE_MIN,
      max: DISCOUNT_RATE_MAX,
      helpKey: 'help.rate',
      format: (v) => `${String(v)}%`,
      width: 90,
    },
    used: {
      type: 'select',
      options: [
        { value: true, labelKey: 'usedStates.used', color: 'default' },
        { value: false, labelKey: 'usedStates.unused', color: 'green' },
      ],
      width: 90,
    },
    codeStatus: {
      type: 'select',
      labelKey: 'fields.status',
      param: 'status',
      value: (row) => row.status,
      options: keyedOptions('codeStates', DISCOUNT_CODE_STATUS, { enabled: 'green', disabled: 'red' }),
      width: 90,
    },
    batchNo: text({ maxLength: 32, width: 120 }),
    owner: text({ width: 100 }),
    usedAt: time(),
    expiresAt: { type: 'date', width: 110 },
  },
};
