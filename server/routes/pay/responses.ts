import { CARD_TYPES, ORDER_CLOSED } from '../../../src/domain/payment';
import { OneOf } from '../../lib/schema/primitives';
import { Nullable, Page, Row, Stamp, Type } from '../../lib/schema/response';
import { OUTCOMES } from '../../services/payment/notice-rules';

/** Answer schemas of the card, payment settings and order routes (docs/payments.md). */

const Minor = (description = 'Minor units of the currency (cents, fen)') => Type.Integer({ description });
const Currency = Type.String({ description: 'ISO 4217 code' });
const CardType = Type.Integer({ description: 'CARD_TYPE code (src/domain/codes.ts)' });
const PaymentType = Type.Integer({ description: 'PAYMENT_TYPE code: 1 PayPal, 2 WeChat mini program' });

/** Cards held per type, every type present ("1": half year … CARD_TYPE codes). */
const CardCounts = Row(Object.fromEntries(CARD_TYPES.map((t) => [String(t), Type.Integer({ minimum: 0 })])), {
  description: 'Cards held per CARD_TYPE code',
});

/** card/accounts: the account first (self), then its direct sub-accounts. */
export const CardAccounts = Page(
  Row({
    id: Type.Integer(),
    username: Type.String(),
    nickname: Type.String(),
    role: Type.Integer(),
    self: Type.Boolean({ description: 'The account asked for (the others are its direct sub-accounts)' }),
    cards: CardCounts,
    total: Type.Integer({ minimum: 0, description: 'Cards of every type' }),
  }),
);

export const CardMoved = Row({ userId: Type.Integer(), cardType: CardType, count: Type.Integer() });

export const Renewal = Row({
  terminalID: Type.String(),
  expireBefore: Stamp(),
  expireAfter: Type.String({ format: 'date-time' }),
});

export const CardRecord = Row({
  id: Type.Integer(),
  operation: Type.Integer({
    description: 'CARD_OPERATION: 1 system setting, 2 transfer, 3 device import, 4 renewal',
  }),
  cardType: CardType,
  count: Type.Integer(),
  fromUser: Nullable(Type.String()),
  toUser: Nullable(Type.String()),
  operator: Nullable(Type.String()),
  terminalIDs: Type.String({ description: 'The renewed devices, comma separated' }),
  expireBefore: Stamp(),
  expireAfter: Stamp(),
  remark: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
});

const Price = Row({
  cardType: CardType,
  priceMinor: Nullable(Minor('Price of one period; null: not sold online')),
  currency: Nullable(Currency),
  updatedAt: Stamp(),
});

/** renewPrice list, save and delete: every card type of the account, priced or not. */
export const PriceList = Row({
  userId: Type.Integer(),
  username: Type.String(),
  list: Type.Array(Price),
  total: Type.Integer(),
});

export const PaymentAccount = Row({
  id: Type.Integer(),
  userId: Type.Integer(),
  username: Type.Optional(Nullable(Type.String())),
  type: PaymentType,
  account: Type.Record(Type.String(), Type.String(), {
    description: "The provider's settings without its secret fields",
  }),
  secretsSet: Type.Array(Type.String(), { description: 'Secret fields that hold a value' }),
  enabled: Type.Boolean(),
  remark: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
});

/** The account paid for a renewal: the nearest above the payer taking online payment. */
const Payee = Row(
  { id: Type.Integer(), username: Type.String(), nickname: Type.String() },
  { description: 'The payee' },
);

export const AllowedPay = Row({
  allowed: Type.Boolean({ description: 'Whether the account may renew online' }),
  agent: Nullable(Payee),
  paymentTypes: Type.Array(PaymentType),
  prices: Type.Array(Price),
});

export const DiscountCode = Row({
  id: Type.Integer(),
  code: Type.String(),
  rate: Type.Integer({ description: 'Percent of the price paid' }),
  used: Type.Boolean(),
  status: Type.Integer({ description: '1 enabled, 0 disabled' }),
  batchNo: Nullable(Type.String()),
  owner: Nullable(Type.String()),
  usedAt: Stamp(),
  expiresAt: Stamp(),
  createdAt: Type.String({ format: 'date-time' }),
});

export const CodesCreated = Row({ batchNo: Type.String(), codes: Type.Array(Type.String()) });
export const Updated = Row({ updated: Type.Integer({ minimum: 0 }) });

const quoteFields = {
  agent: Payee,
  devices: Type.Integer({ minimum: 1 }),
  unitPriceMinor: Minor('Price of one period for one device'),
  currency: Currency,
  days: Type.Integer({ description: 'Days added per device' }),
  discountRate: Nullable(Type.Integer({ description: 'Percent paid under the discount code' })),
  amountMinor: Minor('The amount to pay'),
};
export const Quote = Row(quoteFields);

export const CreatedOrder = Row({
  orderNo: Type.String(),
  ...quoteFields,
  approveUrl: Nullable(Type.String({ description: 'Where the buyer approves (PayPal, the sandbox)' })),
  codeUrl: Nullable(Type.String({ description: 'WeChat Native code_url to show as a QR code' })),
  payParams: Nullable(
    Type.Record(Type.String(), Type.String(), { description: 'WeChat JSAPI pay parameters' }),
  ),
});

const orderFields = {
  id: Type.Integer(),
  orderNo: Type.String(),
  amountMinor: Minor(),
  currency: Currency,
  payer: Nullable(Type.String()),
  paymentType: PaymentType,
  provider: Type.String({ description: 'paypal, wechat or sandbox' }),
  rechargeType: CardType,
  rechargeTarget: Type.String({ description: 'Terminal ids, comma separated' }),
  devices: Type.Integer(),
  discountCode: Nullable(Type.String()),
  discountRate: Nullable(Type.Integer()),
  expireTime: Stamp(),
  days: Type.Integer(),
  unitPriceMinor: Minor(),
  status: Type.Integer({ description: 'ORDER_STATUS: 1 to be paid, 2 completed, 3 refunded' }),
  closedReason: Nullable(OneOf(Object.values(ORDER_CLOSED))),
  state: OneOf(['confirming', 'success', 'failure', 'cancelled', 'refunded'] as const, {
    description: 'What /payResult shows',
  }),
  transactionId: Nullable(Type.String()),
  createdAt: Type.String({ format: 'date-time' }),
  paidAt: Stamp(),
  refundedAt: Stamp(),
};
export const Order = Row(orderFields);
export const Refunded = Row({ ...orderFields, refundStatus: OneOf(['done', 'pending'] as const) });

export const WebhookOutcome = Row({
  outcome: OneOf(OUTCOMES),
});

/** POST /renew/ways (issue 32): every way the caller can renew the devices, or whom to ask. */
export const RenewWays = Row({
  devices: Type.Array(Row({ terminalID: Type.String(), name: Type.String(), expireAt: Stamp() }), {
    description: 'The devices asked about, with their platform expiry',
  }),
  ways: Type.Array(Type.Union([Type.Literal('cards'), Type.Literal('online')]), {
    description: 'The ways open now: the caller’s own cards, online payment',
  }),
  nextStep: Nullable(
    Type.Union([Type.Literal('askForCards'), Type.Literal('askForPrices'), Type.Literal('askAgent')], {
      description: 'With no way open: what to do (ask the contact for cards, for prices, for the renewal)',
    }),
  ),
  contact: Nullable(
    Row(
      { id: Type.Integer(), username: Type.String(), nickname: Type.String(), telephone: Type.String() },
      { description: 'Whom to ask, with no way open' },
    ),
  ),
  cards: Row({
    allowed: Type.Boolean({ description: 'The caller renews by card (card:renew)' }),
    unlimited: Type.Boolean({ description: 'The administrator: spends no card' }),
    balances: Type.Array(Row({ cardType: CardType, count: Type.Integer({ minimum: 0 }) })),
  }),
  online: AllowedPay,
});
