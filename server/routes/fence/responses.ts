import { FENCE_ALARM_MODES } from '../../../src/domain/fence/rules';
import { OneOf } from '../../lib/schema/primitives';
import { Nullable, Row, Type } from '../../lib/schema/response';

/** Answer schemas of the fence routes (docs/api/fences.md); the request schemas are in schemas.ts. */

/** A [lng, lat] pair, WGS-84. */
const LngLat = Type.Array(Type.Number(), { minItems: 2, maxItems: 2, description: '[lng, lat], WGS-84' });

/** A fence as list, detail and the save calls answer it (server/services/fence/view.ts). */
const FenceFields = {
  id: Type.Integer(),
  name: Type.String(),
  type: OneOf(['circle', 'polygon', 'rectangle'] as const),
  radius: Nullable(Type.Integer({ description: 'Metres; null for a polygon or rectangle' })),
  center: Nullable(
    Row({ lng: Type.Number(), lat: Type.Number() }, { description: 'null for a polygon or rectangle' }),
  ),
  points: Nullable(
    Type.Array(LngLat, { description: 'Corners without the closing repeat; null for a circle' }),
  ),
  state: Type.Integer({ description: '1 enabled, 0 disabled' }),
  createdAt: Type.String({ format: 'date-time' }),
  userId: Type.Integer(),
  username: Type.String({ description: "The owner account's user name" }),
  devices: Type.Integer({ minimum: 0, description: 'Devices the fence is allocated to' }),
};
export const FenceRow = Row(FenceFields, {
  examples: [
    {
      id: 1,
      name: 'Depot 500 m',
      type: 'circle',
      radius: 500,
      center: { lng: 116.3975, lat: 39.9087 },
      points: null,
      state: 1,
      createdAt: '2026-10-27T02:38:47.145Z',
      userId: 2,
      username: 'agent',
      devices: 3,
    },
  ],
});

/** One device a fence is allocated to. */
const Allocation = Row({
  terminalID: Type.String(),
  name: Type.String({ description: 'Plate, else nickname, else terminal id' }),
  alarmMode: OneOf(FENCE_ALARM_MODES),
  postType: Type.Integer({ description: 'FENCE_POST_TYPES: 1 platform, 2 +SMS, 3 +SMS+phone, 4 +phone' }),
  inMinutes: Type.Integer({ description: 'Minutes inside before a stay alarm; 0 off' }),
  outMinutes: Type.Integer({ description: 'Minutes outside before a stay alarm; 0 off' }),
  inside: Nullable(
    Type.Boolean({ description: 'Side last seen; null until the first fix after allocation' }),
  ),
});

export const FenceDetail = Row({
  ...FenceFields,
  allocations: Type.Array(Allocation),
  hiddenDevices: Type.Integer({
    minimum: 0,
    description: 'Allocations to devices the caller cannot see (counted in devices, not listed)',
  }),
});

/** fence/allocate and fence/unallocate answer per device, as the batch device calls do. */
export { BatchResult } from '../device/responses';
