import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PERMISSIONS as P } from '../../../config/roles';
import { AGENT_IDS_MAX, NAME_MAX, REMARK_MAX, SPEED_LIMIT_MAX_KMH } from '../../../src/domain/limits';
import { MAX_SPEED_SETTING_KMH } from '../../../src/domain/fix-jump';
import { OSMAND_KEY_MAX } from '../../../src/domain/osmand-key';
import { ok, PageQuery } from '../../lib/envelope';
import {
  Body,
  Code,
  Id,
  Int,
  LineList,
  List,
  Num,
  Text,
  TerminalId,
  Type,
} from '../../lib/schema/primitives';
import { Nullable, Page, replies, Row, Stamp } from '../../lib/schema/response';
import { authOf } from '../../plugins/auth';
import type { BatchContext } from '../../services/batch/run';
import { transferDevices } from '../../services/devices/batch-ops';
import { devicesOfAgents } from '../../services/devices/agents-devices';
import { enableTime, findKey } from '../../services/devices/device-facts';
import { ownersOfTerminals } from '../../services/devices/owners-of';
import { replaceImei } from '../../services/devices/replace-imei';
import { previewSale, sellDevices } from '../../services/devices/sale';
import { updateDevice } from '../../services/devices/update-device';
import pictureRoutes from './pictures';
import { BatchPlan, BatchResult, DeviceRow } from './responses';
import { BatchFields } from './schemas';

const tags = ['device'];
const text = (max: number) => Type.Optional(Text(max));
const write = (...permission: string[]) => ({ access: { permission, write: true } });
const Str = () => Type.String();

const OwnerPath = Type.Array(Str(), { description: 'User names from the caller down to the owner' });

/**
 * The remaining device calls of spec section 7 (issue 16, docs/api/devices.md "More device
 * calls"): single-device edit, IMEI replacement, sale to a customer, devices of several
 * agents, owners of IMEIs, activation time, the JT/T 808 key, and device pictures.
 */
export default async function deviceMoreRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app;
  const ctx = (req: FastifyRequest): BatchContext => ({ db, bus: app.bus, auth: authOf(req) });

  app.post(
    '/device/updateDevice',
    {
      schema: {
        tags,
        description:
          "The device list's edit: deviceUpdateDeviceInfo's fields (same service and checks) plus the speed limit and the OsmAnd key",
        body: Body({
          terminalID: TerminalId(),
          nickname: text(NAME_MAX),
          carNumber: text(16),
          sim: text(20),
          iccid: text(24),
          remark: text(REMARK_MAX),
          iconType: Type.Optional(Code()),
          timezone: Type.Optional(Num(-1000, 1000)),
          speedLimit: Type.Optional(
            Int(0, SPEED_LIMIT_MAX_KMH, { description: 'Overspeed threshold in km/h; 0 clears it' }),
          ),
          maxSpeed: Type.Optional(
            Int(0, MAX_SPEED_SETTING_KMH, {
              description:
                'Fastest believable speed in km/h (faster fixes are stored as jumps); 0: the kind default',
            }),
          ),
          osmandKey: Type.Optional(
            Text(OSMAND_KEY_MAX, {
              description:
                'Key the OsmAnd listener requires of the device (sent as ?key=...); empty clears it',
            }),
          ),
        }),
        response: replies(Row({ ...DeviceRow.properties, speedLimit: Nullable(Type.Integer()) })),
      },
      config: write(P.deviceEdit),
    },
    async (req) => ok(await updateDevice(db, authOf(req), req.body)),
  );

  app.post(
    '/device/transformDeviceIMEI',
    {
      schema: {
        tags,
        description:
          "Replaces a device's IMEI (a tracker swapped for a new one): account, expiry, name and history stay with the device",
        body: Body({ terminalID: TerminalId(), newTerminalID: TerminalId() }),
        response: replies(
          Row({ id: Type.Integer(), oldTerminalID: Str(), terminalID: Str(), replacedAt: Str() }),
        ),
      },
      config: write(P.deviceChangeUsername),
    },
    async (req) =>
      ok(await replaceImei(db, authOf(req), req.body, (e) => req.log.info(e, 'device IMEI replaced'))),
  );

  app.post(
    '/device/transformDeviceApi',
    {
      schema: {
        tags,
        description: "API form of deviceTransform: moves devices to an account of the caller's subtree",
        body: Body({ ...BatchFields, userId: Id() }),
        response: replies(BatchResult),
      },
      config: { ...write(P.deviceTransfer), liveScope: true },
    },
    async (req) => ok(await transferDevices(ctx(req), req.body)),
  );

  const SaleBody = Body({ ...BatchFields, userId: Id(), userExpireAt: Type.Optional(Nullable(Text(40))) });
  app.post(
    '/device/userSale/preview',
    {
      schema: {
        tags,
        description:
          'What /device/userSale would do now (its dry run): the devices, their owners, the customer',
        body: SaleBody,
        response: replies(BatchPlan),
      },
      config: { access: { permission: [P.deviceTransfer] } },
    },
    async (req) => ok(await previewSale(ctx(req), req.body)),
  );
  app.post(
    '/device/userSale',
    {
      schema: {
        tags,
        description:
          "Sells devices to a customer account below the caller (counted in the importing agent's saleNum), optionally with the customer's expiry",
        body: SaleBody,
        response: replies(BatchResult),
      },
      config: { ...write(P.deviceTransfer), liveScope: true },
    },
    async (req) => ok(await sellDevices(ctx(req), req.body)),
  );

  app.post(
    '/device/getDeviceListByAgentIds',
    {
      schema: {
        tags,
        description: "One page of the devices of several accounts of the caller's subtree",
        body: Body({
          ...PageQuery,
          agentIds: List(Id(), AGENT_IDS_MAX, { minItems: 1 }),
          includeSubtree: Type.Optional(Type.Boolean()),
        }),
        response: replies(Page(DeviceRow)),
      },
      config: { access: { permission: [P.deviceList] } },
    },
    async (req) => ok(await devicesOfAgents(db, authOf(req), req.body)),
  );

  app.post(
    '/device/findAllUserByTerminalIdList',
    {
      schema: {
        tags,
        description:
          'The owner of each IMEI and the accounts from the caller down to it; others listed as missing',
        body: Body({ imeis: LineList({ maxLength: 50_000 }) }),
        response: replies(
          Row({
            list: Type.Array(
              Row({
                terminalID: Str(),
                nickname: Str(),
                owner: Row({ id: Type.Integer(), username: Str(), nickname: Str(), role: Type.Integer() }),
                ownerPath: OwnerPath,
              }),
            ),
            missing: Type.Array(Str(), { description: "IMEIs unknown or outside the caller's scope" }),
          }),
        ),
      },
      config: { access: { permission: [P.deviceMultiInfo, P.deviceUserInfo] } },
    },
    async (req) => ok(await ownersOfTerminals(db, authOf(req), req.body.imeis)),
  );

  app.get(
    '/device/getEnableTime',
    {
      schema: {
        tags,
        description: "A device's activation time, platform and user expiry",
        querystring: Body({ terminalID: TerminalId() }),
        response: replies(
          Row({
            terminalID: Str(),
            activatedAt: Stamp(),
            platformExpireAt: Stamp(),
            userExpireAt: Stamp(),
            expireType: Type.Integer(),
          }),
        ),
      },
      config: { access: { permission: [P.monitor, P.deviceList] } },
    },
    async (req) => ok(await enableTime(db, authOf(req), req.query.terminalID)),
  );

  app.get(
    '/device/findKey',
    {
      schema: {
        tags,
        description:
          'The JT/T 808 authentication code issued to a terminal (GT06: none needed); agents of its tree and factory staff, never the demo',
        querystring: Body({ terminalID: TerminalId() }),
        response: replies(
          Row({
            terminalID: Str(),
            family: Nullable(Type.String({ enum: ['gt06', 'jt808'] })),
            needed: Type.Boolean(),
            authCode: Nullable(Str()),
            registeredAt: Stamp(),
            authenticatedAt: Stamp(),
          }),
        ),
      },
      config: { access: { permission: [P.deviceInit, P.testQc] } },
    },
    async (req) => ok(await findKey(db, authOf(req), req.query.terminalID)),
  );

  await app.register(pictureRoutes);
}
