import { TRACK_CLOCK_SLACK_MS, TRACK_MAX_MS } from '../../../src/domain/track';
import { badRequest } from '../../lib/errors';

/**
 * The range of a track request: end after start, at most 90 days long and within the last 90
 * days (spec section 5). A start a few minutes past the 90 days (a client computing "90 days
 * ago" a moment before the server) is moved to the limit instead of refused.
 */
export function trackRange(startTime: string, endTime: string, now = Date.now()) {
  let from = Date.parse(startTime);
  const to = Date.parse(endTime);
  if (!(to > from)) throw badRequest('rangeOrder');
  if (to - from > TRACK_MAX_MS + TRACK_CLOCK_SLACK_MS) throw badRequest('trackRangeTooLong');
  const oldest = now - TRACK_MAX_MS;
  if (from < oldest - TRACK_CLOCK_SLACK_MS) throw badRequest('trackRangeTooOld');
  from = Math.max(from, oldest);
  if (to <= from) throw badRequest('trackRangeTooOld');
  return { from, to };
}
