import { BUS_ROUTE_DEVICES_MAX, BUS_STOPS_MAX, FENCE_MAX_POINTS } from '../../../src/domain/constants';
import { NAME_MAX, TERMINAL_ID_MAX } from '../../../src/domain/limits';
import { PageQuery } from '../../lib/envelope';
import {
  Body,
  DateTime,
  Id,
  List,
  Name,
  Num,
  OneOf,
  Required,
  Text,
  Type,
} from '../../lib/schema/primitives';
import { FormatSchema } from '../device/schemas';

/**
 * Request schemas of the risk point, check-car and bus route calls (docs/api/areas.md). As the
 * fences' (server/routes/fence/schemas.ts), coordinates and radii are bounded wider than the
 * earth and the limits, so a point at latitude 91 or a radius of 99 m gets the area's own
 * message (fenceCoordinateRange, fenceRadiusRange, busStopRadiusRange), not a schema error.
 */
const Coordinate = () => Num(-1000, 1000);
const Radius = () => Num(0, 100_000_000);
const LngLat = () => List(Coordinate(), 2, { minItems: 2 });

export const AreaListBody = Body({
  ...PageQuery,
  userId: Type.Optional(Id()),
  name: Type.Optional(Name()),
});

export const AreaIdBody = Body({ id: Id() });

const Owner = { name: Required(NAME_MAX), userId: Type.Optional(Id()) };

/** A risk point or check-car point; centre and radius optional so a missing one answers fenceNotDrawn. */
const CircleFields = {
  ...Owner,
  center: Type.Optional(Body({ lng: Coordinate(), lat: Coordinate() })),
  radius: Type.Optional(Radius()),
};
export const CircleAddBody = Body(CircleFields);
export const CircleEditBody = Body({ id: Id(), ...CircleFields });

/** A check-car area: [lng, lat] corners, the first may be repeated at the end. */
const PolygonFields = {
  ...Owner,
  type: Type.Optional(OneOf(['polygon', 'rectangle'])),
  points: Type.Optional(List(LngLat(), FENCE_MAX_POINTS + 1)),
};
export const PolygonAddBody = Body(PolygonFields);
export const PolygonEditBody = Body({ id: Id(), ...PolygonFields });

const Range = {
  terminalID: Type.Optional(Text(TERMINAL_ID_MAX)),
  startTime: Type.Optional(DateTime()),
  endTime: Type.Optional(DateTime()),
};

export const VisitListBody = Body({
  ...PageQuery,
  purpose: Type.Optional(OneOf(['checkArea', 'checkPoint'])),
  fenceId: Type.Optional(Id()),
  ...Range,
});
export const VisitExportBody = Body({
  purpose: Type.Optional(OneOf(['checkArea', 'checkPoint'])),
  fenceId: Type.Optional(Id()),
  ...Range,
  format: Type.Optional(FormatSchema),
});

export const BusListQuery = Body({ ...PageQuery, userId: Type.Optional(Id()) });

const Stop = Body({ name: Required(NAME_MAX), lon: Coordinate(), lat: Coordinate(), radius: Radius() });

/** Counts are checked by busRouteProblem (its own messages), so the schema allows 0 up to one over. */
const RouteFields = {
  userId: Type.Optional(Id()),
  line: List(LngLat(), FENCE_MAX_POINTS + 1),
  stops: List(Stop, BUS_STOPS_MAX + 1),
  terminalIDs: Type.Optional(List(Text(TERMINAL_ID_MAX), BUS_ROUTE_DEVICES_MAX)),
};
export const BusAddBody = Body({ name: Required(NAME_MAX), ...RouteFields });
export const BusEditBody = Body({
  id: Id(),
  name: Type.Optional(Required(NAME_MAX)),
  userId: RouteFields.userId,
  line: Type.Optional(RouteFields.line),
  stops: Type.Optional(RouteFields.stops),
  terminalIDs: RouteFields.terminalIDs,
});
export const BusIdParams = Body({ id: Id() });

export const ArrivalListBody = Body({ ...PageQuery, routeId: Id(), ...Range });
