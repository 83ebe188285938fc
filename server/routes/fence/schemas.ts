import { FENCE_MAX_POINTS } from '../../../src/domain/constants';
import { DEVICE_BATCH_MAX } from '../../../src/domain/device-rules';
import { FENCE_ALARM_MODES, FENCE_POST_TYPES } from '../../../src/domain/fence/rules';
import { NAME_MAX, TERMINAL_ID_MAX } from '../../../src/domain/limits';
import { PageQuery } from '../../lib/envelope';
import {
  Body,
  Id,
  IdList,
  Int,
  List,
  Name,
  Num,
  OneOf,
  Required,
  Text,
  Type,
} from '../../lib/schema/primitives';

/** Request schemas of the fence routes (docs/api/fences.md). */

/** Minutes of a time mode: up to a day; 0 turns the mode off (spec section 9). */
export const FENCE_STAY_MINUTES_MAX = 1440;

/**
 * A coordinate or a radius as drawn. The schema bounds are wider than the earth's and the
 * spec's on purpose: a point at latitude 91 or a radius of 99 m gets the fence's own message
 * (fenceCoordinateRange, fenceRadiusRange from fenceShapeProblem), not a generic schema error.
 */
const Coordinate = () => Num(-1000, 1000);

export const FenceListBody = Body({
  ...PageQuery,
  userId: Type.Optional(Id()),
  name: Type.Optional(Name()),
  type: Type.Optional(OneOf(['circle', 'polygon', 'rectangle'])),
});

const SaveFields = {
  id: Type.Optional(Id()),
  name: Required(NAME_MAX),
  userId: Type.Optional(Id()),
};

/** center and radius are optional so that a missing one answers fenceNotDrawn. */
export const CircleBody = Body({
  ...SaveFields,
  center: Type.Optional(Body({ lng: Coordinate(), lat: Coordinate() })),
  radius: Type.Optional(Num(0, 100_000_000)),
});

/** [lng, lat] corners; the first may be repeated at the end (hence one more than the limit). */
export const PolygonBody = Body({
  ...SaveFields,
  type: OneOf(['polygon', 'rectangle']),
  points: Type.Optional(List(List(Coordinate(), 2, { minItems: 2 }), FENCE_MAX_POINTS + 1)),
});

export const FenceIdBody = Body({ id: Id() });

export const StateBody = Body({ id: Id(), state: OneOf([0, 1]) });

const TerminalIDs = List(Text(TERMINAL_ID_MAX), DEVICE_BATCH_MAX);

export const AllocateBody = Body({
  fenceId: Id(),
  terminalIDs: Type.Optional(TerminalIDs),
  userIds: Type.Optional(IdList(1000)),
  alarmMode: Type.Optional(OneOf(FENCE_ALARM_MODES)),
  postType: Type.Optional(OneOf(Object.values(FENCE_POST_TYPES))),
  inMinutes: Type.Optional(Int(0, FENCE_STAY_MINUTES_MAX)),
  outMinutes: Type.Optional(Int(0, FENCE_STAY_MINUTES_MAX)),
});

export const UnallocateBody = Body({ fenceId: Id(), terminalIDs: TerminalIDs });
