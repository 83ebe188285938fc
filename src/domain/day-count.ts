/**
 * How many calendar days lie between two instants (issue 32: "Expires in 7 days" was shown for a
 * device expiring in two). Days are counted on the calendar, not in 24-hour blocks: at 20:00, an
 * expiry tomorrow at 09:00 is "tomorrow" (1), not "in 1 day" by rounding up 13 hours, and the
 * count agrees with the date printed beside it.
 *
 * The rule for the time zone: the zone the dates are shown in. The product has no account time
 * zone yet, so that is the browser's (as formatDate in the monitor); `timeZone` takes an IANA
 * name so that the shared account-zone rule, once it lands, is passed here and nothing else
 * changes. Kept small and alone for that reason.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

/** en-CA writes dates as YYYY-MM-DD, whatever the zone. One formatter per zone: they are costly. */
function formatterFor(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(key, f);
  }
  return f;
}

/** The calendar date of an instant in the zone, as a day number (days since 1970-01-01). */
export function dayNumber(at: number, timeZone?: string): number {
  const parts = formatterFor(timeZone).formatToParts(new Date(at));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return Math.round(Date.UTC(part('year'), part('month') - 1, part('day')) / 86_400_000);
}

/**
 * Calendar days from `now` to `at` in the zone: 0 the same day, 1 the next day, negative when
 * `at` lies on an earlier day.
 */
export function calendarDaysUntil(at: number, now: number, timeZone?: string): number {
  return dayNumber(at, timeZone) - dayNumber(now, timeZone);
}
