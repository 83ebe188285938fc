import { OneOf, Type } from '../../lib/schema/primitives';
import { Nullable, Row, Stamp } from '../../lib/schema/response';
import { STATE_NAMES } from '../../services/public-api/devices';

/**
 * Answers of the public API (docs/api/public-api.md; its requests are in ./requests.ts): camelCase
 * names, ISO 8601 times, states and outcomes by name. Answers keep the platform's envelope {meta, data}.
 */
export const tags = ['v1'];
/** How a command ended, by name. */
const Outcome = OneOf(['success', 'timeout', 'error', 'pending'] as const);
/** Either credential works: `Authorization: Bearer <key or session token>` or `X-API-Key: <key>`. */
export const security: { [scheme: string]: string[] }[] = [{ bearer: [] }, { apiKey: [] }];
const at = '2026-11-26T08:30:00.000Z';

const deviceExample = {
  terminalId: '356789012345678',
  name: 'Truck 12',
  nickname: 'Truck 12',
  carNumber: 'AB-123',
  sim: '8613800000000',
  deviceType: 'GT06N',
  protocol: 1,
  state: 'online',
  owner: 'subagent',
  ownerId: 3,
  activatedAt: '2026-01-10T02:00:00.000Z',
  platformExpireAt: '2027-01-10T02:00:00.000Z',
  userExpireAt: null,
  lastOnlineAt: at,
  createdAt: '2026-01-02T02:00:00.000Z',
};

export const Device = Row(
  {
    terminalId: Type.String(),
    name: Type.String(),
    nickname: Nullable(Type.String()),
    carNumber: Nullable(Type.String()),
    sim: Nullable(Type.String()),
    deviceType: Nullable(Type.String()),
    protocol: Nullable(Type.Integer()),
    state: OneOf(STATE_NAMES),
    owner: Nullable(Type.String()),
    ownerId: Nullable(Type.Integer()),
    activatedAt: Stamp(),
    platformExpireAt: Stamp(),
    userExpireAt: Stamp(),
    lastOnlineAt: Stamp(),
    createdAt: Stamp(),
  },
  { examples: [deviceExample] },
);

const positionExample = {
  lat: 22.5431,
  lon: 114.0579,
  speed: 42,
  course: 90,
  fixTime: at,
  positionType: 'gps',
  acc: true,
  battery: 80,
};

export const Position = Type.Union(
  [
    Row(
      {
        lat: Type.Number(),
        lon: Type.Number(),
        speed: Type.Number({ description: 'km/h' }),
        course: Type.Number({ description: 'Degrees from north' }),
        fixTime: Type.String({ format: 'date-time' }),
        positionType: Nullable(Type.String({ description: 'gps, bds, lbs or wifi' })),
        acc: Nullable(Type.Boolean()),
        battery: Nullable(Type.Number()),
      },
      { examples: [positionExample] },
    ),
    Type.Null(),
  ],
  { description: 'Null without a fix, and once the device has expired' },
);

export const DeviceWithPosition = Type.Intersect([Device, Type.Object({ position: Position })], {
  examples: [{ ...deviceExample, position: positionExample }],
});

export const LatestPosition = Row(
  { terminalId: Type.String(), state: OneOf(STATE_NAMES), position: Position },
  { examples: [{ terminalId: '356789012345678', state: 'online', position: positionExample }] },
);

export const Track = Row(
  {
    terminalId: Type.String(),
    from: Type.String({ format: 'date-time' }),
    to: Type.String({ format: 'date-time' }),
    total: Type.Integer({ description: 'Points in the range before simplification' }),
    simplified: Type.Boolean(),
    mileageM: Type.Number(),
    points: Type.Array(
      Row({
        time: Type.String({ format: 'date-time' }),
        lat: Type.Number(),
        lon: Type.Number(),
        speed: Type.Number(),
        course: Type.Number(),
        valid: Type.Boolean(),
        positionType: Type.String(),
      }),
    ),
    stays: Type.Array(
      Row({
        start: Type.String({ format: 'date-time' }),
        end: Type.String({ format: 'date-time' }),
        durationS: Type.Number(),
        lat: Type.Number(),
        lon: Type.Number(),
      }),
    ),
  },
  {
    examples: [
      {
        terminalId: '356789012345678',
        from: '2026-11-25T00:00:00.000Z',
        to: '2026-11-26T00:00:00.000Z',
        total: 2,
        simplified: false,
        mileageM: 1520.4,
        points: [
          {
            time: '2026-11-25T08:00:00.000Z',
            lat: 22.5431,
            lon: 114.0579,
            speed: 0,
            course: 0,
            valid: true,
            positionType: 'gps',
          },
          {
            time: '2026-11-25T08:02:00.000Z',
            lat: 22.5512,
            lon: 114.0601,
            speed: 45,
            course: 12,
            valid: true,
            positionType: 'gps',
          },
        ],
        stays: [],
      },
    ],
  },
);

export const Alarm = Row(
  {
    id: Type.Integer(),
    terminalId: Type.String(),
    name: Type.String(),
    type: Type.String(),
    time: Type.String({ format: 'date-time' }),
    lat: Nullable(Type.Number()),
    lon: Nullable(Type.Number()),
    speed: Nullable(Type.Number()),
    address: Nullable(Type.String()),
    read: Type.Boolean(),
  },
  {
    examples: [
      {
        id: 981,
        terminalId: '356789012345678',
        name: 'Truck 12',
        type: 'overspeed',
        time: at,
        lat: 22.54,
        lon: 114.05,
        speed: 96,
        address: null,
        read: false,
      },
    ],
  },
);

export const Mileage = Row(
  {
    list: Type.Array(Row({})),
    total: Type.Integer(),
    byDate: Type.Array(
      Row({ date: Type.String(), mileageM: Type.Number(), movingS: Type.Number(), devices: Type.Integer() }),
    ),
    totals: Row({
      mileageM: Type.Number(),
      movingS: Type.Number(),
      devices: Type.Integer(),
      rows: Type.Integer(),
    }),
  },
  {
    examples: [
      {
        list: [
          {
            terminalID: '356789012345678',
            name: 'Truck 12',
            date: '2026-11-25',
            mileageM: 15230.5,
            movingS: 5400,
          },
        ],
        total: 1,
        byDate: [{ date: '2026-11-25', mileageM: 15230.5, movingS: 5400, devices: 1 }],
        totals: { mileageM: 15230.5, movingS: 5400, devices: 1, rows: 1 },
      },
    ],
  },
);

export const CommandSent = Row(
  {
    queued: Type.Boolean({ description: 'true: the device was offline and the command waits for it' }),
    commandId: Type.Optional(Type.Integer()),
    offlineCommandId: Type.Optional(Type.Integer()),
    content: Type.String(),
    outcome: Type.Optional(Outcome),
    reply: Type.Optional(Nullable(Type.String())),
  },
  {
    examples: [
      {
        queued: false,
        commandId: 5521,
        content: 'WHERE#',
        outcome: 'success',
        reply: 'Lat:N22.54,Lon:E114.05',
      },
    ],
  },
);

export const CommandResult = Row(
  {
    id: Type.Integer(),
    terminalId: Type.String(),
    content: Type.String(),
    reply: Nullable(Type.String()),
    status: Type.String(),
    outcome: Outcome,
    createdAt: Type.String({ format: 'date-time' }),
    sentAt: Stamp(),
    repliedAt: Stamp(),
  },
  {
    examples: [
      {
        id: 5521,
        terminalId: '356789012345678',
        content: 'WHERE#',
        reply: 'Lat:N22.54,Lon:E114.05',
        status: 'replied',
        outcome: 'success',
        createdAt: at,
        sentAt: at,
        repliedAt: at,
      },
    ],
  },
);
