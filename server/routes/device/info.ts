import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { PERMISSIONS as P } from '../../../config/roles';
import {
  DEVICE_BATCH_MAX,
  ICCID_IMPORT_LENGTH_MAX,
  ICCID_IMPORT_LENGTH_MIN,
} from '../../../src/domain/device-rules';
import { ok } from '../../lib/envelope';
import { authOf } from '../../plugins/auth';
import { importHuaxiang, importIccids } from '../../services/devices/imports';
import {
  deviceUserInfo,
  exportIccid,
  multiInfoSearch,
  updateCardIccid,
  updateDeviceInfo,
} from '../../services/devices/info';

const tags = ['device'];
const Imeis = Type.Object({ imeis: Type.String({ maxLength: 50_000 }) });
const TerminalId = Type.String({ minLength: 1, maxLength: 32 });
const text = (max: number) => Type.Optional(Type.String({ maxLength: max }));

/** Single-device edits, searches and the row imports (ICCID, vehicle profiles). */
export default async function deviceInfoRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app;

  app.post(
    '/device/multiInfoSearch',
    {
      schema: { tags, description: 'Devices of a multi-line IMEI list with owner and state', body: Imeis },
      config: { access: { permission: [P.deviceMultiInfo] } },
    },
    async (req) => ok(await multiInfoSearch(db, authOf(req), req.body.imeis)),
  );
  app.post(
    '/device/userInfo',
    {
      schema: {
        tags,
        description: 'A device with its owner account',
        body: Type.Object({ terminalID: TerminalId }),
      },
      config: { access: { permission: [P.deviceUserInfo] } },
    },
    async (req) => ok(await deviceUserInfo(db, authOf(req), req.body.terminalID)),
  );
  app.post(
    '/device/deviceExportIccid',
    {
      schema: { tags, description: 'ICCID, card ICCID and SIM of the listed devices', body: Imeis },
      config: { access: { permission: [P.deviceSimCheck, P.deviceImportSim] } },
    },
    async (req) => ok(await exportIccid(db, authOf(req), req.body.imeis)),
  );
  app.post(
    '/device/updateCardIccid',
    {
      schema: {
        tags,
        body: Type.Object({ terminalID: TerminalId, cardIccid: Type.String({ maxLength: 32 }) }),
      },
      config: { access: { permission: [P.deviceImportSim], write: true } },
    },
    async (req) => ok(await updateCardIccid(db, authOf(req), req.body.terminalID, req.body.cardIccid)),
  );
  app.post(
    '/device/deviceUpdateDeviceInfo',
    {
      schema: {
        tags,
        description: 'Name, plate, SIM, ICCID, remark, icon and time zone of one device',
        body: Type.Object({
          terminalID: TerminalId,
          nickname: text(64),
          carNumber: text(16),
          sim: text(20),
          iccid: text(24),
          remark: text(255),
          iconType: Type.Optional(Type.Integer()),
          timezone: Type.Optional(Type.Number()),
        }),
      },
      config: { access: { permission: [P.deviceEdit], write: true } },
    },
    async (req) => ok(await updateDeviceInfo(db, authOf(req), req.body)),
  );
  app.post(
    '/device/iccidImport',
    {
      schema: {
        tags,
        description: 'ICCIDs per device; each must have exactly `length` characters',
        body: Type.Object({
          rows: Type.Array(
            Type.Object({
              terminalID: Type.String({ maxLength: 32 }),
              iccid: Type.String({ maxLength: 64 }),
            }),
            {
              minItems: 1,
              maxItems: DEVICE_BATCH_MAX,
            },
          ),
          length: Type.Integer({ minimum: ICCID_IMPORT_LENGTH_MIN, maximum: ICCID_IMPORT_LENGTH_MAX }),
        }),
      },
      config: { access: { permission: [P.deviceImportSim], write: true } },
    },
    async (req) => ok(await importIccids(db, authOf(req), req.body)),
  );
  app.post(
    '/device/huaXiangDataImport',
    {
      schema: {
        tags,
        description:
          'Vehicle profile rows (plate, name, SIM, driver, driver phone, vehicle model), reported per row',
        body: Type.Object({
          rows: Type.Array(
            Type.Object({
              terminalID: Type.String({ maxLength: 32 }),
              carNumber: text(16),
              nickname: text(64),
              sim: text(20),
              driverName: text(64),
              driverPhone: text(32),
              vehicleModel: text(64),
            }),
            { minItems: 1, maxItems: DEVICE_BATCH_MAX },
          ),
        }),
      },
      config: { access: { permission: [P.deviceHuaxiangImport], write: true } },
    },
    async (req) => ok(await importHuaxiang(db, authOf(req), req.body.rows)),
  );
}
