import { Type } from '@fastify/type-provider-typebox';
import { DEVICE_BATCH_MAX } from '../../../src/domain/device-rules';
import { PageQuery } from '../../lib/envelope';

/** Request pieces shared by the device management routes (docs/api/devices.md). */
export const DeviceFilterSchema = {
  menuType: Type.Optional(Type.Integer({ minimum: 0, maximum: 3 })),
  state: Type.Optional(Type.Integer({ minimum: 0, maximum: 4 })),
  expiry: Type.Optional(Type.Union([Type.Literal(7), Type.Literal(60), Type.Literal(-1)])),
  deviceType: Type.Optional(Type.String({ maxLength: 32 })),
  protocol: Type.Optional(Type.Integer({ minimum: 0, maximum: 255 })),
  importProtocol: Type.Optional(Type.Integer({ minimum: 0, maximum: 255 })),
  userId: Type.Optional(Type.Integer({ minimum: 1 })),
  includeSubtree: Type.Optional(Type.Boolean()),
  imeis: Type.Optional(Type.String({ maxLength: 50_000 })),
  keyword: Type.Optional(Type.String({ maxLength: 64 })),
};

export const DeviceListBody = Type.Object({
  ...PageQuery,
  ...DeviceFilterSchema,
  orderBy: Type.Optional(
    Type.Union(
      ['id', 'terminalID', 'platformExpireAt', 'lastOnlineAt', 'createdAt'].map((k) => Type.Literal(k)),
    ),
  ),
  order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
});

export const FormatSchema = Type.Union([Type.Literal('xlsx'), Type.Literal('csv')]);

/**
 * terminalIDs of a batch call. The 1..10,000 bounds are checked by the service so the client
 * gets the catalogue's own message (deviceListEmpty, batchTooLarge), not a schema error.
 */
export const BatchFields = {
  terminalIDs: Type.Array(Type.String({ maxLength: 32 }), { maxItems: DEVICE_BATCH_MAX * 2 }),
  batchId: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
};
