/**
 * What the track routes answer (issue 16; docs/api/tracks.md). Shapes of
 * server/services/track/{track,users}.ts and src/domain/track (TrackShape, SpeedSeries, Stay).
 */
import { Row, Type } from '../../lib/schema/response';

const Ms = (description = 'Epoch ms') => Type.Number({ description });
const Nums = (description?: string) => Type.Array(Type.Number(), description ? { description } : {});

const Stay = Row({
  start: Ms(),
  end: Ms(),
  durationS: Type.Number({ description: 'Seconds' }),
  lat: Type.Number(),
  lon: Type.Number(),
});

const Range = {
  terminalID: Type.String(),
  name: Type.String({ description: 'Plate, name or IMEI, the first set' }),
  from: Ms('Range start as applied, epoch ms'),
  to: Ms('Range end as applied, epoch ms'),
};

/** findTrackByTerminalID: the points as one array per field (index i = point i). */
export const Track = Row({
  ...Range,
  total: Type.Integer({ description: 'Points of the range after the filters, before simplification' }),
  simplified: Type.Boolean(),
  points: Row({
    t: Nums('Epoch ms'),
    lat: Nums(),
    lon: Nums(),
    speed: Nums('km/h'),
    course: Nums(),
    state: Type.Array(Type.Integer(), { description: 'TRACK_STATE' }),
    type: Type.Array(Type.String(), { description: 'gps, bds, lbs or wifi' }),
    valid: Type.Array(Type.Boolean()),
  }),
  mileageM: Type.Number({ description: 'Metres over the full data' }),
  stays: Type.Array(Stay),
  speed: Row(
    { t: Nums('Bucket starts, epoch ms'), max: Nums('Highest speed of each bucket, km/h') },
    { description: 'Speed buckets of the full data' },
  ),
});

/** findTrackPoints: a page of the fixes, `total` as findTrackByTerminalID counts them. */
export const TrackPoints = Row({
  ...Range,
  total: Type.Integer({ description: 'Points of the range after the filters (the same total as the track)' }),
  list: Type.Array(
    Row({
      t: Ms(),
      lat: Type.Number(),
      lon: Type.Number(),
      speed: Type.Number({ description: 'km/h' }),
      course: Type.Number(),
      type: Type.String({ description: 'gps, bds, lbs or wifi' }),
      valid: Type.Boolean(),
      state: Type.Integer({ description: 'TRACK_STATE' }),
    }),
  ),
});

/** findStayAll. */
export const Stays = Row({ ...Range, list: Type.Array(Stay) });

/** trackUser / trackUserList: the remembered playback selection. */
export const TrackUsers = Row({
  usr_list: Type.Array(
    Row({
      terminalID: Type.String(),
      userId: Type.Union([Type.Integer(), Type.Null()]),
      nickname: Type.String(),
      carNumber: Type.String(),
    }),
  ),
});
