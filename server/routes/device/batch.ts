import type { TProperties, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Body, Code, Id, Num, Text, Type } from '../../lib/schema/primitives';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PERMISSIONS as P } from '../../../config/roles';
import { ok } from '../../lib/envelope';
import { authOf } from '../../plugins/auth';
import type { BatchContext } from '../../services/batch/run';
import {
  resetDevicePasswords,
  changeDeviceType,
  setDevicePassword,
  previewTransfer,
  transferDevices,
  updateExpireType,
  updateExpiry,
  updateHost,
  updateIconType,
  updateTimezone,
} from '../../services/devices/batch-ops';
import { BatchFields } from './schemas';
import { BatchPlan, BatchResult, PasswordResetResult } from './responses';
import { replies } from '../../lib/schema/response';

const tags = ['device'];
const write = (permission: string) => ({ access: { permission: [permission], write: true } });
const body = <T extends TProperties>(fields: T) => Body({ ...BatchFields, ...fields });
const response = replies(BatchResult, 'Per device: done or refused with a reason');

/**
 * Batch device operations: each answers a BatchResult (total, succeeded, failed per device)
 * and reports progress over the caller's websocket when given a batchId.
 */
export default async function deviceBatchRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const ctx = (req: FastifyRequest): BatchContext => ({ db: app.db, bus: app.bus, auth: authOf(req) });

  app.post(
    '/device/deviceTransform/preview',
    {
      schema: {
        tags,
        description:
          'What /device/deviceTransform would do now (its dry run): each device with its current owner, the new owner, the refusals',
        response: replies(BatchPlan),
        body: body({ userId: Id() }),
      },
      config: { access: { permission: [P.deviceTransfer] } },
    },
    async (req) => ok(await previewTransfer(ctx(req), req.body)),
  );
  app.post(
    '/device/deviceTransform',
    {
      schema: {
        tags,
        description: "Moves devices to an account of the caller's subtree",
        response,
        body: body({ userId: Id() }),
      },
      config: { ...write(P.deviceTransfer), liveScope: true },
    },
    async (req) => ok(await transferDevices(ctx(req), req.body)),
  );
  app.post(
    '/device/updateIconTypeList',
    { schema: { tags, response, body: body({ iconType: Code() }) }, config: write(P.deviceIconType) },
    async (req) => ok(await updateIconType(ctx(req), req.body)),
  );
  app.post(
    '/device/changeDevicesType',
    {
      schema: { tags, response, body: body({ deviceType: Text(32) }) },
      config: write(P.deviceInit),
    },
    async (req) => ok(await changeDeviceType(ctx(req), req.body)),
  );
  app.post(
    '/device/updateZoneImeiList',
    { schema: { tags, response, body: body({ timezone: Num(-1000, 1000) }) }, config: write(P.deviceInit) },
    async (req) => ok(await updateTimezone(ctx(req), req.body)),
  );
  app.post(
    '/device/updateDevicesExpireType',
    {
      schema: { tags, response, body: body({ expireType: Code() }) },
      config: { ...write(P.deviceUpdateTime), liveScope: true },
    },
    async (req) => ok(await updateExpireType(ctx(req), req.body)),
  );
  app.post(
    '/device/deviceUpdateTime',
    {
      schema: {
        tags,
        description: 'Platform and/or user expiry; the user expiry may not be later than the platform expiry',
        response,
        body: body({
          platformExpireAt: Type.Optional(Type.Union([Text(40), Type.Null()])),
          userExpireAt: Type.Optional(Type.Union([Text(40), Type.Null()])),
        }),
      },
      config: { ...write(P.deviceUpdateTime), liveScope: true },
    },
    async (req) => ok(await updateExpiry(ctx(req), req.body)),
  );
  app.post(
    '/device/updateHost',
    { schema: { tags, response, body: body({ host: Text(200) }) }, config: write(P.deviceInit) },
    async (req) => ok(await updateHost(ctx(req), req.body)),
  );
  app.post(
    '/device/updatePwdByTerminalIds',
    {
      schema: { tags, response, body: body({ password: Text(64) }) },
      config: write(P.deviceResetPwd),
    },
    async (req) => ok(await setDevicePassword(ctx(req), req.body)),
  );
  app.post(
    '/device/resetDevicePassword',
    {
      schema: {
        tags,
        description: 'Gives each device a new random password of its own, answered this once',
        response: replies(PasswordResetResult, 'Per device: done or refused, and the new passwords'),
        body: body({}),
      },
      config: write(P.deviceResetPwd),
    },
    async (req) => ok(await resetDevicePasswords(ctx(req), req.body)),
  );
}
