import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { PERMISSIONS as P } from '../../../config/roles';
import {
  AMOUNT_MINOR_MAX,
  DISCOUNT_BATCH_MAX,
  DISCOUNT_RATE_MAX,
  DISCOUNT_RATE_MIN,
  type CardType,
  type PaymentType,
} from '../../../src/domain/payment';
import { ok, PageQuery } from '../../lib/envelope';
import { Body, DateTime, Id, IdList, Int, OneOf, Text, Type } from '../../lib/schema/primitives';
import { authOf } from '../../plugins/auth';
import {
  addPaymentAccount,
  deletePaymentAccount,
  editPaymentAccount,
  listPaymentAccounts,
} from '../../services/payment/accounts';
import { createCodes, listCodes, setCodeStatus } from '../../services/payment/discount';
import { allowedPay } from '../../services/payment/payee';
import { deletePrice, listPrices, savePrice } from '../../services/payment/prices';
import { Page, replies, repliesNull } from '../../lib/schema/response';
import { AllowedPay, CodesCreated, DiscountCode, PaymentAccount, PriceList, Updated } from './responses';
import { CardTypeField, CurrencyField, Minor, PaymentTypeField, Remark } from './schemas';

const tags = ['payment settings'];
const read = { access: { permission: [P.payManage] } };
const write = { access: { permission: [P.payManage], write: true } };
/** Provider settings: a few short strings (keys, ids, PEM keys up to 4 KB). */
const AccountFields = Type.Record(
  Type.String({ pattern: '^[A-Za-z][A-Za-z0-9]{0,31}$' }),
  Text(4096, { pattern: '^[^\\x00-\\x08\\x0B\\x0C\\x0E-\\x1F\\x7F]*$' }),
  {
    maxProperties: 16,
  },
);

/** Renewal prices, agents' payment accounts, discount codes and the pay-user check. */
export default async function payManageRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app;

  app.post(
    '/pay/renewPrice/list',
    {
      schema: { tags, body: Body({ userId: Type.Optional(Id()) }), response: replies(PriceList) },
      config: read,
    },
    async (req) => ok(await listPrices(db, authOf(req), req.body.userId)),
  );
  app.post(
    '/pay/renewPrice/save',
    {
      schema: {
        tags,
        description: 'The price of one renewal period, in minor units of the currency',
        body: Body({
          userId: Type.Optional(Id()),
          cardType: CardTypeField,
          priceMinor: Minor(AMOUNT_MINOR_MAX),
          currency: CurrencyField,
        }),
        response: replies(PriceList, 'The prices after the change'),
      },
      config: write,
    },
    async (req) =>
      ok(await savePrice(db, authOf(req), { ...req.body, cardType: req.body.cardType as CardType })),
  );
  app.post(
    '/pay/renewPrice/del',
    {
      schema: {
        tags,
        body: Body({ userId: Type.Optional(Id()), cardType: CardTypeField }),
        response: replies(PriceList, 'The prices after the change'),
      },
      config: write,
    },
    async (req) => ok(await deletePrice(db, authOf(req), req.body.cardType as CardType, req.body.userId)),
  );

  app.get(
    '/pay/account/list',
    {
      schema: {
        tags,
        querystring: Body({ ...PageQuery, userId: Type.Optional(Id()) }),
        response: replies(Page(PaymentAccount)),
      },
      config: read,
    },
    async (req) => ok(await listPaymentAccounts(db, authOf(req), req.query)),
  );
  app.post(
    '/pay/account/add',
    {
      schema: {
        tags,
        body: Body({
          userId: Type.Optional(Id()),
          type: PaymentTypeField,
          account: AccountFields,
          enabled: Type.Optional(Type.Boolean()),
          remark: Remark,
        }),
        response: replies(PaymentAccount),
      },
      config: write,
    },
    async (req) =>
      ok(await addPaymentAccount(db, authOf(req), { ...req.body, type: req.body.type as PaymentType })),
  );
  app.post(
    '/pay/account/edit',
    {
      schema: {
        tags,
        description: 'Secret fields left empty keep their stored value',
        body: Body({
          id: Id(),
          account: Type.Optional(AccountFields),
          enabled: Type.Optional(Type.Boolean()),
          remark: Remark,
        }),
        response: replies(PaymentAccount),
      },
      config: write,
    },
    async (req) => ok(await editPaymentAccount(db, authOf(req), req.body)),
  );
  app.post(
    '/pay/account/del/:id',
    {
      schema: {
        tags,
        params: Body({ id: Type.String({ pattern: '^[1-9]\\d{0,9}$', maxLength: 10 }) }),
        response: repliesNull(),
      },
      config: write,
    },
    async (req) => {
      await deletePaymentAccount(db, authOf(req), Number(req.params.id));
      return ok(null);
    },
  );
  app.get(
    '/pay/account/allowedPay',
    {
      schema: {
        tags,
        description: 'The pay-user flag: whether the account may renew online, its payee, types and prices',
        querystring: Body({ userId: Type.Optional(Id()) }),
        response: replies(AllowedPay),
      },
      config: { access: { permission: 'authenticated' } },
    },
    async (req) => ok(await allowedPay(db, authOf(req), req.query.userId)),
  );

  app.post(
    '/pay/discountCode/list',
    {
      schema: {
        tags,
        body: Body({
          ...PageQuery,
          code: Type.Optional(Text(32)),
          used: Type.Optional(Type.Boolean()),
          status: Type.Optional(OneOf([0, 1] as const)),
          batchNo: Type.Optional(Text(32)),
        }),
        response: replies(Page(DiscountCode)),
      },
      config: read,
    },
    async (req) => ok(await listCodes(db, authOf(req), req.body)),
  );
  app.post(
    '/pay/discountCode/create',
    {
      schema: {
        tags,
        description: 'count generated codes at one rate (percent of the price paid), or the one code given',
        body: Body({
          count: Int(1, DISCOUNT_BATCH_MAX),
          rate: Int(DISCOUNT_RATE_MIN, DISCOUNT_RATE_MAX),
          code: Type.Optional(Text(32)),
          expiresAt: Type.Optional(DateTime()),
        }),
        response: replies(CodesCreated),
      },
      config: write,
    },
    async (req) => ok(await createCodes(db, authOf(req), req.body)),
  );
  app.post(
    '/pay/discountCode/status',
    {
      schema: {
        tags,
        body: Body({ ids: IdList(DISCOUNT_BATCH_MAX), status: OneOf([0, 1] as const) }),
        response: replies(Updated, 'Codes changed'),
      },
      config: write,
    },
    async (req) => ok(await setCodeStatus(db, authOf(req), req.body.ids, req.body.status)),
  );
}
