/**
 * ISO times as epoch milliseconds, memoised: at 10,000 devices the same time strings are
 * parsed on every sort and every icon derivation, several times a second; a bounded memo keeps
 * the derivations pure while parsing each string about once.
 */
const parsed = new Map<string, number | null>();
// Three times per device (fix, state, expiry) plus the fixes streaming in: at 50,000 devices a
// 50,000 bound was cleared several times per sort and parsed everything again.
const PARSED_MAX = 250_000;

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
