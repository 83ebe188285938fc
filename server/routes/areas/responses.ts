import { Nullable, Row, Stamp, Type } from '../../lib/schema/response';
import { OneOf } from '../../lib/schema/primitives';
import { AREA_PURPOSES } from '../../../src/domain/fence/purpose';

/** Answer schemas of the risk point, check-car and bus route calls (docs/api/areas.md). */

const LngLat = Type.Array(Type.Number(), { minItems: 2, maxItems: 2, description: '[lng, lat], WGS-84' });
const Seconds = Nullable(Type.Integer({ minimum: 0, description: 'Seconds there; null while still there' }));
const DeviceName = Type.String({ description: 'Plate, else nickname, else terminal id' });

/** A risk point, check-car area or check-car point (server/services/areas/view.ts). */
export const AreaRow = Row({
  id: Type.Integer(),
  name: Type.String(),
  purpose: OneOf(AREA_PURPOSES.filter((p) => p !== 'fence')),
  type: OneOf(['circle', 'polygon', 'rectangle'] as const),
  radius: Nullable(Type.Integer({ description: 'Metres; null for a polygon' })),
  center: Nullable(Row({ lng: Type.Number(), lat: Type.Number() }, { description: 'null for a polygon' })),
  points: Nullable(
    Type.Array(LngLat, { description: 'Corners without the closing repeat; null for a circle' }),
  ),
  createdAt: Type.String({ format: 'date-time' }),
  userId: Type.Integer(),
  username: Type.String({ description: "The owner account's user name" }),
});

/** A vehicle's visit to a check-car area or point (server/services/areas/visits.ts). */
export const VisitRow = Row({
  id: Type.Integer(),
  fenceId: Type.Integer(),
  fenceName: Type.String(),
  purpose: OneOf(['checkArea', 'checkPoint'] as const),
  terminalID: Type.String(),
  deviceName: DeviceName,
  arrivedAt: Type.String({ format: 'date-time' }),
  departedAt: Stamp(),
  duration: Seconds,
  lat: Nullable(Type.Number()),
  lon: Nullable(Type.Number()),
});

/** A bus route with its stops and assigned vehicles (server/services/areas/bus-routes.ts). */
export const BusRouteRow = Row({
  id: Type.Integer(),
  name: Type.String(),
  userId: Type.Integer(),
  username: Type.String(),
  line: Type.Array(LngLat),
  stops: Type.Array(
    Row({
      name: Type.String(),
      lon: Type.Number(),
      lat: Type.Number(),
      radius: Type.Integer({ description: 'Metres' }),
    }),
    { description: 'In the order the buses call' },
  ),
  devices: Type.Array(Row({ terminalID: Type.String(), name: DeviceName }), {
    description: "Assigned vehicles of the caller's subtree",
  }),
  createdAt: Type.String({ format: 'date-time' }),
});

/** A vehicle's stay at a stop of a route (server/services/areas/bus-arrivals.ts). */
export const ArrivalRow = Row({
  id: Type.Integer(),
  terminalID: Type.String(),
  deviceName: DeviceName,
  stopIndex: Type.Integer({ minimum: 0, description: "Index into the route's stops (0 first)" }),
  stopName: Type.String({ description: "'' when the route lost that stop since" }),
  arrivedAt: Type.String({ format: 'date-time' }),
  departedAt: Stamp(),
  duration: Seconds,
});
