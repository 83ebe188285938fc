/**
 * ISO times as epoch milliseconds, memoised: at 10,000 devices the same time strings are
 * parsed on every sort and every icon derivation, several times a second; a bounded memo keeps
 * the derivations pure while parsing each string about once.
 */
const parsed = new Map<string, number | null>();
const PARSED_MAX = 50_000;

/** Epoch ms of an ISO time (null for none or an unreadable one). */
export function time(iso: string | null | undefined): number | null {
  if (!iso) return null;
  let t = parsed.get(iso);
  if (t === undefined) {
    const v = Date.parse(iso);
    t = Number.isNaN(v) ? null : v;
    if (parsed.size >= PARSED_MAX) parsed.clear();
    parsed.set(iso, t);
  }
  return t;
}
