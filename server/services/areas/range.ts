import { badRequest } from '../../lib/errors';

/** Instants PostgreSQL's timestamptz stores and people mean: years 1 to 9999. */
const EARLIEST = Date.parse('0001-01-01T00:00:00Z');
const LATEST = Date.parse('9999-12-31T23:59:59Z');

function instant(text: string | undefined): Date | null {
  if (!text) return null;
  const ms = Date.parse(text);
  // The schema checks the format; a year 0 or a day that does not exist would still reach the
  // database as an error (a 500), so it is refused here.
  if (!Number.isFinite(ms) || ms < EARLIEST || ms > LATEST) throw badRequest('dateInvalid');
  return new Date(ms);
}

/**
 * The [startTime, endTime) of a visit or arrival list: either may be absent; both given, the
 * end must come after the start (rangeOrder).
 */
export function timeRange(q: { startTime?: string; endTime?: string }): {
  start: Date | null;
  end: Date | null;
} {
  const start = instant(q.startTime);
  const end = instant(q.endTime);
  if (start && end && end.getTime() <= start.getTime()) throw badRequest('rangeOrder');
  return { start, end };
}
