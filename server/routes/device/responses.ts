/**
 * What the device management routes answer (issue 16: every route declares its answer).
 * Shapes follow the services: server/services/devices/rows.ts (DeviceListRow),
 * server/services/batch/run.ts (BatchResult), server/services/device-locations.ts.
 */
import { Nullable, Page, Row, Stamp, Type } from '../../lib/schema/response';

const Str = () => Type.String();
const Int = () => Type.Integer();
const Key = () => Type.String({ description: 'Message key of src/domain/messages.ts' });

/** A device row of the management screens (deviceRowColumns of server/services/devices/rows.ts). */
const deviceRowFields = {
  id: Int(),
  terminalID: Str(),
  nickname: Str(),
  carNumber: Str(),
  sim: Str(),
  iccid: Str(),
  cardIccid: Str(),
  deviceType: Str(),
  protocol: Type.Integer({ description: 'DEVICE_PROTOCOL code' }),
  importProtocol: Type.Integer({ description: 'IMPORT_PROTOCOL code' }),
  iconType: Int(),
  timezone: Type.Number(),
  expireType: Type.Integer({ description: 'EXPIRE_TYPE: which expiry decides' }),
  host: Str(),
  state: Type.Integer({
    description: 'Shown state: 0 unknown, 1 online, 2 offline, 3 not activated, 4 expired',
  }),
  userId: Nullable(Int()),
  username: Nullable(Str()),
  agentId: Nullable(Int()),
  activatedAt: Stamp(),
  platformExpireAt: Stamp(),
  userExpireAt: Stamp(),
  createdAt: Type.String({ format: 'date-time' }),
  lastOnlineAt: Stamp(),
  remark: Str(),
};
export const DeviceRow = Row(deviceRowFields, {
  examples: [
    {
      id: 12,
      terminalID: '868120301234567',
      nickname: 'Van 3',
      carNumber: 'AB1234',
      sim: '8613800000000',
      iccid: '89860012345678901234',
      cardIccid: '',
      deviceType: 'GT06N',
      protocol: 1,
      importProtocol: 0,
      iconType: 1,
      timezone: 8,
      expireType: 0,
      host: '',
      state: 1,
      userId: 5,
      username: 'user',
      agentId: 2,
      activatedAt: '2026-01-05T08:00:00.000Z',
      platformExpireAt: '2027-01-05T08:00:00.000Z',
      userExpireAt: null,
      createdAt: '2026-01-02T03:04:05.000Z',
      lastOnlineAt: '2026-11-25T10:00:00.000Z',
      remark: '',
    },
  ],
});

/** User names from the caller down to the owner, e.g. [agent, subagent, user]. */
const OwnerPath = Type.Array(Str(), { description: 'User names from the caller down to the owner' });

/** A device row with its owner path (deviceListV2, multiInfoSearch). */
export const DeviceRowWithPath = Row({ ...deviceRowFields, ownerPath: OwnerPath });

/** deviceList / deviceListV2: ownerPath only in V2. */
export const DeviceListPage = Row({
  ...Page(Row({ ...deviceRowFields, ownerPath: Type.Optional(OwnerPath) })).properties,
  next: Type.Optional(
    Type.String({ description: 'Cursor of the last row: send as `after` for the next page' }),
  ),
  prev: Type.Optional(
    Type.String({ description: 'Cursor of the first row: send as `before` for the previous page' }),
  ),
});

/** The answer of a batch device operation (docs/api/devices.md, BatchResult). */
const BatchOutcome = {
  total: Int(),
  succeeded: Int(),
  failed: Type.Array(Row({ terminalID: Str(), key: Key(), message: Str() }), {
    description: 'The devices refused, each with the reason',
  }),
};

export const BatchResult = Row(BatchOutcome, {
  examples: [
    {
      total: 3,
      succeeded: 2,
      failed: [{ terminalID: '868120301234999', key: 'notFound', message: 'No data found' }],
    },
  ],
});

/**
 * What a batch would do (issue 32): the preview of a renewal by card or a transfer, computed by
 * the code that runs the batch (src/domain/batch-plan.ts).
 */
export const BatchPlan = Row({
  ...BatchOutcome,
  succeeded: Type.Integer({ description: 'Devices that would change (items)' }),
  items: Type.Array(
    Row({
      terminalID: Str(),
      name: Str(),
      owner: Type.Optional(Str()),
      expireBefore: Type.Optional(Stamp()),
      expireAfter: Type.Optional(Type.String({ format: 'date-time' })),
    }),
    { description: 'Each device that would change, and how' },
  ),
  newOwner: Type.Optional(Row({ id: Int(), username: Str(), nickname: Str() })),
  cards: Type.Optional(
    Row(
      {
        cardType: Int(),
        spent: Int(),
        balanceBefore: Nullable(Int()),
        balanceAfter: Nullable(Int()),
      },
      { description: 'Cards the renewal would spend; null balances: unlimited (administrator)' },
    ),
  ),
});

/** resetDevicePassword: the batch result, and each reset device's new password (shown this once). */
export const PasswordResetResult = Row({
  ...BatchOutcome,
  passwords: Type.Array(Row({ terminalID: Str(), password: Type.String() }), {
    description: 'The new password of each device reset: answered this once, stored hashed',
  }),
});

/** deviceImport: one result per IMEI line. */
export const ImportResult = Row({
  imported: Type.Integer({ description: 'Devices imported' }),
  results: Type.Array(
    Row({
      line: Int(),
      imei: Str(),
      ok: Type.Boolean(),
      key: Type.Optional(Key()),
      password: Type.Optional(
        Type.String({ description: "An imported device's own password: shown this once" }),
      ),
    }),
    {
      description: 'One per non-blank line, in the order sent',
    },
  ),
});

const RowResult = {
  row: Type.Integer({ description: 'From 1, in the order sent' }),
  terminalID: Str(),
  ok: Type.Boolean(),
  key: Type.Optional(Key()),
};

/** iccidImport / huaXiangDataImport: a result per row. */
export const RowImportResult = (extra: Record<string, ReturnType<typeof Str>> = {}) =>
  Row({ total: Int(), succeeded: Int(), results: Type.Array(Row({ ...RowResult, ...extra })) });

const Missing = Type.Array(Str(), { description: 'IMEIs not found or outside the caller’s scope' });

export const MultiInfoResult = Row({ list: Type.Array(DeviceRowWithPath), missing: Missing });

export const IccidExport = Row({
  list: Type.Array(Row({ terminalID: Str(), iccid: Str(), cardIccid: Str(), sim: Str() })),
  missing: Missing,
});

/** userInfo: a device, its owner and the vehicle profile. */
export const DeviceUserInfo = Row({
  device: DeviceRow,
  owner: Row({
    id: Int(),
    username: Str(),
    nickname: Str(),
    realname: Str(),
    telephone: Str(),
    email: Str(),
    address: Str(),
    role: Int(),
    parentId: Int(),
    ancestors: Str(),
    ownerPath: OwnerPath,
  }),
  profile: Nullable(Row({ driverName: Str(), driverPhone: Str(), vehicleModel: Str() })),
});

/** findDeviceLocationAll: one object per device. */
export const DeviceLocation = Row({
  id: Int(),
  terminalID: Str(),
  nickname: Str(),
  carNumber: Str(),
  userId: Nullable(Int()),
  state: Int(),
  expireType: Int(),
  deviceProtocol: Int(),
  deviceType: Str(),
  iconType: Int(),
  platformExpireAt: Stamp(),
  userExpireAt: Stamp(),
  location: Nullable(
    Row(
      {
        lat: Type.Number(),
        lon: Type.Number(),
        speed: Type.Number(),
        course: Type.Number(),
        utcTime: Type.String({ format: 'date-time' }),
        stateTime: Stamp(),
        positionType: Nullable(Str()),
        battery: Nullable(Type.Number()),
        acc: Nullable(Type.Boolean()),
      },
      { description: 'Null without a fix and past expiry' },
    ),
  ),
});

const col = <T extends Parameters<typeof Type.Array>[0]>(t: T) => Type.Array(t);
const ms = () => col(Nullable(Type.Number({ description: 'epoch ms' })));

/** findDeviceLocationAllV2 (src/domain/device-locations.ts): one array per field, index i = device i. */
export const LocationsV2 = Row({
  total: Type.Integer({ description: 'Rows of the requested tab' }),
  counts: Row(
    { 0: Int(), 1: Int(), 2: Int(), 3: Int() },
    { description: 'Devices per deviceMenuType: 0 all, 1 online, 2 offline, 3 not activated' },
  ),
  columns: Row({
    id: col(Int()),
    terminalID: col(Str()),
    nickname: col(Nullable(Str())),
    carNumber: col(Nullable(Str())),
    userId: col(Nullable(Int())),
    state: col(Int()),
    expireType: col(Int()),
    deviceProtocol: col(Int()),
    deviceType: col(Str()),
    iconType: col(Int()),
    platformExpireAt: ms(),
    userExpireAt: ms(),
    stateTime: ms(),
    lat: col(Nullable(Type.Number())),
    lon: col(Nullable(Type.Number())),
    speed: col(Nullable(Type.Number())),
    course: col(Nullable(Type.Number())),
    fixTime: ms(),
    positionType: col(Nullable(Str())),
    battery: col(Nullable(Type.Number())),
    acc: col(Nullable(Type.Boolean())),
  }),
});
