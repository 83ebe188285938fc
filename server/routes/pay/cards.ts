import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { PERMISSIONS as P } from '../../../config/roles';
import { CARD_MOVE_MAX, CARD_RENEW_BATCH_MAX, type CardType } from '../../../src/domain/payment';
import { ok, PageQuery } from '../../lib/envelope';
import { sendFile } from '../../lib/send-file';
import { Body, Code, Id, Int, List, TerminalId, Text, Token, Type } from '../../lib/schema/primitives';
import { TERMINAL_ID_MAX } from '../../../src/domain/limits';
import { authOf } from '../../plugins/auth';
import { cardAccounts } from '../../services/cards/balances';
import { moveCards } from '../../services/cards/move';
import { exportCardRecords, listCardRecords } from '../../services/cards/records';
import { previewRenewBatch, renewBatchByCard, renewByCard } from '../../services/cards/renew';
import { Page, replies, sheetReply } from '../../lib/schema/response';
import { BatchPlan, BatchResult } from '../device/responses';
import { CardAccounts, CardMoved, CardRecord, Renewal } from './responses';
import { CardTypeField, Format, Remark, TimeRange } from './schemas';

const tags = ['cards'];
const RecordFilter = {
  operation: Type.Optional(Code()),
  cardType: Type.Optional(Code()),
  userId: Type.Optional(Id()),
  terminalID: Type.Optional(Text(TERMINAL_ID_MAX)),
  ...TimeRange,
};

/** Prepaid cards (docs/payments.md): balances, issue and transfer, renewal, records. */
export default async function cardRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app;

  app.post(
    '/card/accounts',
    {
      schema: {
        tags,
        description: 'An account and its direct sub-accounts with their cards per type',
        body: Body({ userId: Type.Optional(Id()) }),
        response: replies(CardAccounts),
      },
      config: { access: { permission: [P.cardList] } },
    },
    async (req) => ok(await cardAccounts(db, authOf(req), req.body.userId)),
  );
  app.post(
    '/card/transfer',
    {
      schema: {
        tags,
        description:
          'The administrator issues cards (system setting); an agent passes its own to a sub-account (transfer)',
        body: Body({ userId: Id(), cardType: CardTypeField, count: Int(1, CARD_MOVE_MAX), remark: Remark }),
        response: replies(CardMoved, 'The cards moved'),
      },
      config: { access: { permission: [P.cardTransfer], write: true } },
    },
    async (req) =>
      ok(await moveCards(db, authOf(req), { ...req.body, cardType: req.body.cardType as CardType })),
  );
  app.post(
    '/device/extendExpireTime',
    {
      schema: {
        tags,
        description: "Renews one device with one of the caller's cards",
        body: Body({ terminalID: TerminalId(), cardType: CardTypeField }),
        response: replies(Renewal),
      },
      config: { access: { permission: [P.cardRenew], write: true }, liveScope: true },
    },
    async (req) => ok(await renewByCard(db, authOf(req), req.body.terminalID, req.body.cardType as CardType)),
  );
  const RenewBatch = Body({
    terminalIDs: List(Text(TERMINAL_ID_MAX), CARD_RENEW_BATCH_MAX * 2),
    cardType: CardTypeField,
    batchId: Type.Optional(Token(64, { minLength: 1 })),
  });
  app.post(
    '/card/renewBatch/preview',
    {
      schema: {
        tags,
        description:
          'What /card/renewBatch would do now, decided as it decides: each device from what expiry to what, the cards spent and left; nothing changes',
        body: RenewBatch,
        response: replies(BatchPlan),
      },
      config: { access: { permission: [P.cardRenew] } },
    },
    async (req) =>
      ok(await previewRenewBatch(db, authOf(req), { ...req.body, cardType: req.body.cardType as CardType })),
  );
  app.post(
    '/card/renewBatch',
    {
      schema: {
        tags,
        description:
          'Renews many devices with one card type each; progress over the websocket when given a batchId',
        body: RenewBatch,
        response: replies(
          Type.Object({ ...BatchResult.properties, items: Type.Array(Renewal) }),
          'Per device; items: each renewal, from what expiry to what',
        ),
      },
      config: { access: { permission: [P.cardRenew], write: true }, liveScope: true },
    },
    async (req) =>
      ok(
        await renewBatchByCard(
          { db, bus: app.bus, auth: authOf(req) },
          { ...req.body, cardType: req.body.cardType as CardType },
        ),
      ),
  );
  app.post(
    '/card/records',
    {
      schema: { tags, body: Body({ ...PageQuery, ...RecordFilter }), response: replies(Page(CardRecord)) },
      config: { access: { permission: [P.cardList] } },
    },
    async (req) => ok(await listCardRecords(db, authOf(req), req.body)),
  );
  app.post(
    '/card/exportCard',
    {
      schema: {
        tags,
        description: 'The filtered card records as xlsx (default) or csv',
        body: Body({ ...RecordFilter, format: Format }),
        response: sheetReply(),
      },
      config: { access: { permission: [P.cardList] } },
    },
    async (req, reply) => {
      const { format = 'xlsx', ...filter } = req.body;
      return sendFile(reply, await exportCardRecords(db, authOf(req), filter, format));
    },
  );
}
