import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { NB_KINDS, NB_NOTIFY_TYPES } from '../../../src/domain/factory';
import { ok } from '../../lib/envelope';
import { notFound } from '../../lib/errors';
import { Body, OneOf, Text, Type } from '../../lib/schema/primitives';
import { repliesNull } from '../../lib/schema/response';
import { recordNotice } from '../../services/nb/notices';

const Opt = (n: number) => Type.Optional(Text(n));
/**
 * The service data of a notice: a flat map of short values (readings, a payload in hex), kept as
 * text: a number the platform sends arrives as its digits.
 */
const ServiceData = Type.Record(Type.String({ maxLength: 64, pattern: '^[\\x21-\\x7E]*$' }), Text(2048), {
  maxProperties: 64,
});

/**
 * The callback NB-IoT and CCS subscriptions name (NB_CALLBACK_PATH): the platform posts the
 * notices subscribed to on /test/setting/subscribe. Public, as the platform holds no session;
 * only notices an active subscription asked for are taken (docs/factory/commands.md).
 */
export default async function nbNotifyRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.post(
    '/nb/notify/:kind',
    {
      schema: {
        tags: ['factory-settings'],
        summary: 'Notice from the NB-IoT / CCS platform',
        params: Body({ kind: OneOf(NB_KINDS) }),
        body: Body({
          notifyType: OneOf(NB_NOTIFY_TYPES),
          deviceId: Opt(64),
          imei: Opt(20),
          gatewayId: Opt(64),
          requestId: Opt(64),
          service: Type.Optional(
            Body({
              serviceId: Opt(64),
              serviceType: Opt(64),
              eventTime: Opt(32),
              data: Type.Optional(ServiceData),
            }),
          ),
        }),
        response: repliesNull('Taken (a notice no active subscription asked for answers 404)'),
      },
      config: { access: { public: true } },
    },
    async (req) => {
      const raw = Buffer.from(JSON.stringify(req.body));
      if (!(await recordNotice(app.db, req.params.kind, req.body, raw))) throw notFound();
      return ok(null);
    },
  );
}
