import { Body, Id, Int, LineList, List, OneOf, Text, Token, Type } from '../../lib/schema/primitives';
import { NAME_MAX, TERMINAL_ID_MAX } from '../../../src/domain/limits';
import { DEVICE_BATCH_MAX } from '../../../src/domain/device-rules';
import { PageQuery } from '../../lib/envelope';

/** Request pieces shared by the device management routes (docs/api/devices.md). */
export const DeviceFilterSchema = {
  menuType: Type.Optional(Int(0, 3)),
  state: Type.Optional(Int(0, 4)),
  expiry: Type.Optional(OneOf([7, 60, -1])),
  deviceType: Type.Optional(Text(32)),
  protocol: Type.Optional(Int(0, 255)),
  importProtocol: Type.Optional(Int(0, 255)),
  userId: Type.Optional(Id()),
  includeSubtree: Type.Optional(Type.Boolean()),
  imeis: Type.Optional(LineList({ maxLength: 50_000 })),
  keyword: Type.Optional(Text(NAME_MAX)),
};

export const DeviceListBody = Body({
  ...PageQuery,
  ...DeviceFilterSchema,
  orderBy: Type.Optional(OneOf(['id', 'terminalID', 'platformExpireAt', 'lastOnlineAt', 'createdAt'])),
  order: Type.Optional(OneOf(['asc', 'desc'])),
  after: Type.Optional(
    Token(200, { description: 'Cursor (`next` of a page): the page after it, whatever pageNum says' }),
  ),
  before: Type.Optional(
    Token(200, { description: 'Cursor (`prev` of a page): the page before it, whatever pageNum says' }),
  ),
});

export const FormatSchema = OneOf(['xlsx', 'csv']);

/**
 * terminalIDs of a batch call. The 1..10,000 bounds are checked by the service so the client
 * gets the catalogue's own message (deviceListEmpty, batchTooLarge), not a schema error.
 */
export const BatchFields = {
  terminalIDs: List(Text(TERMINAL_ID_MAX), DEVICE_BATCH_MAX * 2),
  batchId: Type.Optional(Token(64, { minLength: 1 })),
};
