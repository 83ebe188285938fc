/**
 * The safety net (issue 10): a database error caused by the request's values is the client's
 * mistake, answered 400, never 500. Schemas should stop these first; this catches what a
 * schema could not express (a date PostgreSQL cannot hold, a value that overflows after
 * arithmetic) and any route whose bounds are wrong.
 */

/**
 * SQLSTATE codes caused by values: class 22 (data exception: invalid text representation,
 * numeric out of range, string too long, invalid byte sequence, bad datetime, ...) and 54000
 * (a value too large for an index row). Class 23 (constraints) is left to the services, which
 * check uniqueness and references themselves and answer with their own messages.
 */
export function isValueError(code: string): boolean {
  return code.startsWith('22') || code === '54000';
}

/** The SQLSTATE of a database error, looking through drizzle's wrapper; undefined otherwise. */
export function sqlState(err: unknown): string | undefined {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}
