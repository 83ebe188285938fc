import {
  STAY_MAX_S,
  STAY_MIN_S,
  TRACK_POINTS_MAX,
  TRACK_POINTS_MIN,
  TRACK_POINTS_PAGE_MAX,
} from '../../../src/domain/track';
import { INT32_MAX } from '../../../src/domain/limits';
import {
  Body,
  DateTime,
  Id,
  Int,
  List,
  Num,
  OneOf,
  TerminalId,
  Text,
  Type,
} from '../../lib/schema/primitives';

/** Request pieces of the track routes (docs/api/tracks.md). */
export const RangeFields = {
  terminalID: TerminalId(),
  startTime: DateTime(),
  endTime: DateTime(),
};

export const FilterFields = {
  hideLbs: Type.Optional(Type.Boolean()),
  hideInvalid: Type.Optional(Type.Boolean()),
  dropJumps: Type.Optional(Type.Boolean()),
};

export const MinStay = Type.Optional(Int(STAY_MIN_S, STAY_MAX_S));

/** A WGS-84 box: the points budget is spent inside it (the map zoomed in). */
const BBox = Type.Object(
  { west: Num(-180, 180), south: Num(-90, 90), east: Num(-180, 180), north: Num(-90, 90) },
  { additionalProperties: false },
);

export const TrackBody = Body({
  ...RangeFields,
  ...FilterFields,
  maxPoints: Type.Optional(Int(TRACK_POINTS_MIN, TRACK_POINTS_MAX)),
  minStaySeconds: MinStay,
  bbox: Type.Optional(BBox),
});

/** findTrackPoints: a page of the fixes (at most TRACK_POINTS_PAGE_MAX a page). */
export const PointsBody = Body({
  ...RangeFields,
  ...FilterFields,
  pageNum: Type.Optional(Int(1, INT32_MAX)),
  pageSize: Type.Optional(Int(1, TRACK_POINTS_PAGE_MAX)),
});

export const StayBody = Body({ ...RangeFields, minStaySeconds: MinStay });

export const ExportBody = Body({
  ...RangeFields,
  ...FilterFields,
  minStaySeconds: MinStay,
  format: OneOf(['xlsx', 'gpx', 'kml']),
  what: OneOf(['points', 'stays']),
});

/**
 * The 5-device limit is checked by the service so the client gets the catalogue's own message
 * (trackTooManyDevices), not a schema error; the schema only bounds the array.
 */
export const TrackUserBody = Body({
  usr_list: List(
    Body({
      terminalID: TerminalId(),
      userId: Type.Optional(Id()),
      nickname: Type.Optional(Text(64)),
      carNumber: Type.Optional(Text(16)),
    }),
    50,
  ),
});
