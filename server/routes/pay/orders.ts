import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PERMISSIONS as P } from '../../../config/roles';
import { ORDER_DEVICES_MAX, type CardType, type PaymentType } from '../../../src/domain/payment';
import { ok, PageQuery } from '../../lib/envelope';
import { Body, Code, Id, List, OneOf, TerminalId, Text, Type } from '../../lib/schema/primitives';
import { authOf } from '../../plugins/auth';
import { handleWebhook, orderStatus, refundOrder, sandboxPay } from '../../services/payment/flow';
import { cancelOrder, createOrder, listOrders } from '../../services/payment/orders';
import { quoteOrder, quoteView } from '../../services/payment/quote';
import { Page, replies } from '../../lib/schema/response';
import { CreatedOrder, Order, Quote, Refunded, WebhookOutcome } from './responses';
import { CardTypeField, OrderNo, PaymentTypeField, TimeRange } from './schemas';

const tags = ['orders'];
const pay = { access: { permission: [P.orderPay], write: true } };
const payRead = { access: { permission: [P.orderPay, P.payManage] } };
const OrderBody = Body({
  terminalIDs: List(TerminalId(), ORDER_DEVICES_MAX, { minItems: 1 }),
  rechargeType: CardTypeField,
  paymentType: PaymentTypeField,
  discountCode: Type.Optional(Text(32)),
});
const OrderFilter = {
  ...PageQuery,
  orderNo: Type.Optional(Text(40)),
  status: Type.Optional(Code()),
  paymentType: Type.Optional(Code()),
  ...TimeRange,
};
const request = (b: { rechargeType: number; paymentType: number }) => ({
  rechargeType: b.rechargeType as CardType,
  paymentType: b.paymentType as PaymentType,
});

/** The public origin the provider sends the buyer back to (behind a proxy: its forwarded host). */
const origin = (req: FastifyRequest) => req.server.config.publicUrl ?? `${req.protocol}://${req.host}`;

/** Online renewal: quote, order, pay, result, cancel, refund, and the providers' notifications. */
export default async function orderRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app;

  app.post(
    '/order/quote',
    {
      schema: {
        tags,
        description: 'What the order would cost, checked as creating it checks',
        body: OrderBody,
        response: replies(Quote),
      },
      config: payRead,
    },
    async (req) => ok(quoteView(await quoteOrder(db, authOf(req), { ...req.body, ...request(req.body) }))),
  );
  app.post(
    '/order/create',
    {
      schema: {
        tags,
        description: 'Creates the order and its payment; answers where the buyer approves it',
        body: OrderBody,
        response: replies(CreatedOrder),
      },
      config: pay,
    },
    async (req) =>
      ok(await createOrder(db, authOf(req), { ...req.body, ...request(req.body) }, { origin: origin(req) })),
  );
  app.post(
    '/order/list',
    {
      schema: {
        tags,
        description: 'The orders the caller paid',
        body: Body(OrderFilter),
        response: replies(Page(Order)),
      },
      config: payRead,
    },
    async (req) => ok(await listOrders(db, authOf(req), req.body, true)),
  );
  app.post(
    '/pay/orders',
    {
      schema: {
        tags,
        description: "The orders paid to the caller's subtree",
        body: Body(OrderFilter),
        response: replies(Page(Order)),
      },
      config: { access: { permission: [P.payManage] } },
    },
    async (req) => ok(await listOrders(db, authOf(req), req.body, false)),
  );
  app.post(
    '/order/status',
    {
      schema: {
        tags,
        description: 'The order for /payResult; asks the provider once while still to be paid',
        body: Body({ orderNo: OrderNo }),
        response: replies(Order),
      },
      config: payRead,
    },
    async (req) => ok(await orderStatus(db, authOf(req), req.body.orderNo)),
  );
  app.post(
    '/order/cancel',
    {
      schema: { tags, body: Body({ orderNo: OrderNo }), response: replies(Order, 'The cancelled order') },
      config: pay,
    },
    async (req) => ok(await cancelOrder(db, authOf(req), req.body.orderNo)),
  );
  app.post(
    '/pay/wxRefund',
    {
      schema: {
        tags,
        description: 'Refunds a completed order and takes back the days it added',
        body: Body({ orderNo: OrderNo, reason: Type.Optional(Text(80)) }),
        response: replies(Refunded),
      },
      config: { access: { permission: [P.payManage], write: true } },
    },
    async (req) => ok(await refundOrder(db, authOf(req), req.body.orderNo, req.body.reason)),
  );
  app.post(
    '/pay/sandbox/pay',
    {
      schema: {
        tags,
        description:
          'The sandbox checkout: the payer decides the outcome; the sandbox notifies as a provider would',
        body: Body({ orderNo: OrderNo, outcome: OneOf(['paid', 'failed', 'cancelled'] as const) }),
        response: replies(Order, 'The order after the outcome'),
      },
      config: { ...pay, liveScope: true },
    },
    async (req) => ok(await sandboxPay(db, authOf(req), req.body.orderNo, req.body.outcome)),
  );

  // Providers post their notifications with signatures over the exact bytes: keep the body raw.
  await app.register(async (raw) => {
    raw.addContentTypeParser(
      ['application/json', 'text/plain'],
      { parseAs: 'string', bodyLimit: 256 * 1024 },
      (_req, body, done) => done(null, body),
    );
    raw.withTypeProvider<TypeBoxTypeProvider>().post(
      '/pay/notify/:provider/:accountId',
      {
        schema: {
          tags,
          description:
            'Payment provider notifications (PayPal webhooks, WeChat Pay notify, the sandbox), verified by signature',
          params: Body({
            provider: OneOf(['paypal', 'wechat', 'sandbox'] as const),
            accountId: Id({ description: 'The payment account the order is payable to' }),
          }),
          response: replies(WebhookOutcome, 'What the notification did'),
        },
        // A paid order renews its devices.
        config: { access: { public: true }, liveScope: true },
      },
      async (req) => {
        const outcome = await handleWebhook(db, req.params.provider, req.params.accountId, {
          headers: req.headers,
          rawBody: typeof req.body === 'string' ? req.body : '',
        });
        return ok({ outcome });
      },
    );
  });
}
