import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  Body,
  Code,
  Int,
  LineList,
  List,
  Num,
  Text,
  TerminalId as TerminalIdSchema,
  Type,
} from '../../lib/schema/primitives';
import { NAME_MAX, REMARK_MAX, TERMINAL_ID_MAX } from '../../../src/domain/limits';
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
import { Row, replies } from '../../lib/schema/response';
import { DeviceRow, DeviceUserInfo, IccidExport, MultiInfoResult, RowImportResult } from './responses';

const tags = ['device'];
const Imeis = Body({ imeis: LineList({ maxLength: 50_000 }) });
const TerminalId = TerminalIdSchema();
const text = (max: number) => Type.Optional(Text(max));
/** A terminal id cell of an imported sheet: the service trims it and reports a bad one per row. */
const RowTerminalId = Text(TERMINAL_ID_MAX);

/** Single-device edits, searches and the row imports (ICCID, vehicle profiles). */
export default async function deviceInfoRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app;

  app.post(
    '/device/multiInfoSearch',
    {
      schema: {
        tags,
        description: 'Devices of a multi-line IMEI list with owner and state',
        body: Imeis,
        response: replies(MultiInfoResult),
      },
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
        body: Body({ terminalID: TerminalId }),
        response: replies(DeviceUserInfo),
      },
      config: { access: { permission: [P.deviceUserInfo] } },
    },
    async (req) => ok(await deviceUserInfo(db, authOf(req), req.body.terminalID)),
  );
  app.post(
    '/device/deviceExportIccid',
    {
      schema: {
        tags,
        description: 'ICCID, card ICCID and SIM of the listed devices',
        body: Imeis,
        response: replies(IccidExport),
      },
      config: { access: { permission: [P.deviceSimCheck, P.deviceImportSim] } },
    },
    async (req) => ok(await exportIccid(db, authOf(req), req.body.imeis)),
  );
  app.post(
    '/device/updateCardIccid',
    {
      schema: {
        tags,
        body: Body({ terminalID: TerminalId, cardIccid: Text(32) }),
        response: replies(Row({ terminalID: Type.String(), cardIccid: Type.String() })),
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
        body: Body({
          terminalID: TerminalId,
          nickname: text(NAME_MAX),
          carNumber: text(16),
          sim: text(20),
          iccid: text(24),
          remark: text(REMARK_MAX),
          iconType: Type.Optional(Code()),
          timezone: Type.Optional(Num(-1000, 1000)),
        }),
        response: replies(DeviceRow, 'The device as stored'),
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
        body: Body({
          rows: List(Body({ terminalID: RowTerminalId, iccid: Text(64) }), DEVICE_BATCH_MAX, { minItems: 1 }),
          length: Int(ICCID_IMPORT_LENGTH_MIN, ICCID_IMPORT_LENGTH_MAX),
        }),
        response: replies(RowImportResult({ iccid: Type.String() })),
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
        body: Body({
          rows: List(
            Body({
              terminalID: RowTerminalId,
              carNumber: text(16),
              nickname: text(NAME_MAX),
              sim: text(20),
              driverName: text(NAME_MAX),
              driverPhone: text(32),
              vehicleModel: text(NAME_MAX),
            }),
            DEVICE_BATCH_MAX,
            { minItems: 1 },
          ),
        }),
        response: replies(RowImportResult()),
      },
      config: { access: { permission: [P.deviceHuaxiangImport], write: true } },
    },
    async (req) => ok(await importHuaxiang(db, authOf(req), req.body.rows)),
  );
}
