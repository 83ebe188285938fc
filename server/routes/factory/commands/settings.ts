import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PERMISSIONS as P } from '../../../../config/roles';
import {
  DEVICE_ID_CODE_MAX,
  DEVICE_ID_GENERATE_MAX,
  DEVICE_ID_PREFIX_MAX,
  FACTORY_LINES_MAX,
  FACTORY_TEXT_MAX,
  NB_CALLBACK_MAX,
  NB_KINDS,
  NB_NOTIFY_TYPES,
  PLATFORM_APN_MAX,
  PLATFORM_HOST_MAX,
  PLATFORM_INTERVAL_MAX,
  PLATFORM_INTERVAL_MIN,
  PLATFORM_TZ_MAX,
  PLATFORM_TZ_MIN,
  platformCommands,
} from '../../../../src/domain/factory';
import { PageQuery, ok } from '../../../lib/envelope';
import {
  Body,
  Id,
  IdList,
  Int,
  MultiLine,
  OneOf,
  Required,
  Text,
  Token,
  Type,
} from '../../../lib/schema/primitives';
import { authOf } from '../../../plugins/auth';
import { sharedBatchRunner } from '../../../services/command/batch/runner';
import { startFactorySequence } from '../../../services/factory/batch';
import { bindIds, generateIds, listIds, unbindIds } from '../../../services/factory/device-ids';
import {
  listPlatformConfigs,
  platformConfigOf,
  savePlatformConfig,
} from '../../../services/factory/platform-configs';
import {
  defaultCallback,
  listSubscriptions,
  resync,
  subscribe,
  unsubscribe,
} from '../../../services/factory/subscriptions';
import { batchIds } from '../../../services/batch/run';
import { parseLines } from '../../../../src/domain/validators';
import { replies } from '../../../lib/schema/response';
import {
  BindReport,
  DeviceIdPage,
  IdsGenerated,
  PlatformApplied,
  PlatformConfig,
  PlatformConfigPage,
  Resynced,
  Subscription,
  SubscriptionPage,
  Unbound,
} from './responses';

const tags = ['factory-settings'];
const nb = { permission: [P.testNb] };
const gw005 = { permission: [P.testGw005] };
const platform = { permission: [P.testConfigPlatform] };
const Callback = Token(NB_CALLBACK_MAX, { pattern: '^https?://[\\x21-\\x7E]+$' });
const Lines = MultiLine(FACTORY_TEXT_MAX, FACTORY_LINES_MAX);
const Settings = {
  host: Required(PLATFORM_HOST_MAX),
  port: Int(1, 65_535),
  apn: Type.Optional(Text(PLATFORM_APN_MAX)),
  apnUser: Type.Optional(Text(PLATFORM_APN_MAX)),
  apnPassword: Type.Optional(Text(PLATFORM_APN_MAX)),
  uploadInterval: Int(PLATFORM_INTERVAL_MIN, PLATFORM_INTERVAL_MAX),
  timezone: Int(PLATFORM_TZ_MIN, PLATFORM_TZ_MAX),
};

/** NB-IoT subscriptions, GW005 ids and customers' platform configuration (docs/factory/commands.md). */
export default async function factorySettingsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db, bus, config } = app;
  const runner = sharedBatchRunner(app);
  const subs = (req: FastifyRequest) => ({
    db,
    providerName: config.nbProvider,
    publicUrl: config.publicUrl,
    userId: authOf(req).user.id,
  });

  app.post(
    '/setting/subscriptions',
    {
      schema: {
        tags,
        description: 'NB-IoT and CCS platform subscriptions as recorded',
        body: Body({ kind: Type.Optional(OneOf(NB_KINDS)) }),
        response: replies(SubscriptionPage),
      },
      config: { access: nb },
    },
    async (req) => ok(await listSubscriptions(db, req.body.kind)),
  );
  const subscribeRoute = (path: string, kind: (typeof NB_KINDS)[number]) =>
    app.post(
      path,
      {
        schema: {
          tags,
          description: `Subscribes a notify type on the ${kind === 'nb' ? 'NB-IoT' : 'CCS'} platform; the callback defaults to our public URL`,
          body: Body({ notifyType: OneOf(NB_NOTIFY_TYPES), callbackUrl: Type.Optional(Callback) }),
          response: replies(Subscription, 'The subscription as recorded'),
        },
        config: { access: { ...nb, write: true } },
      },
      async (req) => {
        const origin = `${req.protocol}://${req.host}`;
        const callbackUrl = req.body.callbackUrl ?? defaultCallback(config.publicUrl, origin, kind);
        return ok(await subscribe(subs(req), { kind, notifyType: req.body.notifyType, callbackUrl }));
      },
    );
  subscribeRoute('/setting/nbSubscribe', 'nb');
  subscribeRoute('/setting/ccsSubscribe', 'ccs');
  app.post(
    '/setting/unsubscribe',
    {
      schema: { tags, body: Body({ id: Id() }), response: replies(Subscription, 'The subscription, cancelled') },
      config: { access: { ...nb, write: true } },
    },
    async (req) => ok(await unsubscribe(subs(req), req.body.id)),
  );
  app.post(
    '/setting/resync',
    {
      schema: {
        tags,
        description: 'Subscribes again what the platform lost',
        body: Body({}),
        response: replies(Resynced),
      },
      config: { access: { ...nb, write: true } },
    },
    async (req) => ok(await resync(subs(req))),
  );

  app.post(
    '/idManager/generate',
    {
      schema: {
        tags,
        description: 'Issues a batch of new GW005 ids: prefix and a running number',
        body: Body({
          prefix: Required(DEVICE_ID_PREFIX_MAX),
          count: Int(1, DEVICE_ID_GENERATE_MAX),
          deviceType: Type.Optional(Text(32)),
        }),
        response: replies(IdsGenerated),
      },
      config: { access: { ...gw005, write: true } },
    },
    async (req) => ok(await generateIds(db, authOf(req).user.id, req.body)),
  );
  app.post(
    '/idManager/bind',
    {
      schema: {
        tags,
        description: 'Binds pasted `id,IMEI` lines; a report per line',
        body: Body({ lines: Lines }),
        response: replies(BindReport),
      },
      config: { access: { ...gw005, write: true } },
    },
    async (req) => ok(await bindIds(db, req.body.lines)),
  );
  app.post(
    '/idManager/list',
    {
      schema: {
        tags,
        body: Body({
          ...PageQuery,
          keyword: Type.Optional(Token(DEVICE_ID_CODE_MAX)),
          batchNo: Type.Optional(Token(32)),
          bound: Type.Optional(Type.Boolean()),
        }),
        response: replies(DeviceIdPage),
      },
      config: { access: gw005 },
    },
    async (req) => ok(await listIds(db, req.body)),
  );
  app.post(
    '/idManager/unbind',
    {
      schema: { tags, body: Body({ ids: IdList(1000) }), response: replies(Unbound) },
      config: { access: { ...gw005, write: true } },
    },
    async (req) => ok(await unbindIds(db, req.body.ids)),
  );

  app.post(
    '/configPlatform/list',
    {
      schema: {
        tags,
        description: 'Customer (agent) accounts with the platform their trackers are set up for',
        body: Body({
          ...PageQuery,
          username: Type.Optional(Text(32)),
          configured: Type.Optional(Type.Boolean()),
        }),
        response: replies(PlatformConfigPage),
      },
      config: { access: platform },
    },
    async (req) => ok(await listPlatformConfigs(db, req.body)),
  );
  app.post(
    '/configPlatform/save',
    {
      schema: {
        tags,
        body: Body({ userId: Id(), ...Settings }),
        response: replies(PlatformConfig, 'The configuration as stored'),
      },
      config: { access: { ...platform, write: true } },
    },
    async (req) => {
      const { userId, ...s } = req.body;
      const settings = { apn: '', apnUser: '', apnPassword: '', ...s };
      return ok(await savePlatformConfig(db, authOf(req).user.id, userId, settings));
    },
  );
  app.post(
    '/configPlatform/apply',
    {
      schema: {
        tags,
        description:
          "Sends an account's saved settings to pasted terminals: the upload interval, time zone, APN and server address commands of the device types' sets, one batch each in that order",
        body: Body({ userId: Id(), imeis: Lines }),
        response: replies(PlatformApplied),
      },
      config: { access: { ...platform, write: true } },
    },
    async (req) => {
      const cfg = await platformConfigOf(db, req.body.userId);
      const terminalIDs = batchIds(parseLines(req.body.imeis));
      const batches = await startFactorySequence(
        { db, bus, runner, nodeId: config.nodeId },
        authOf(req),
        terminalIDs,
        platformCommands(cfg),
        (err) => app.log.error({ err }, 'platform apply'),
      );
      return ok({ total: terminalIDs.length, batches });
    },
  );
}
