/**
 * Polls `probe` every 50 ms until `ok` holds or `ms` pass, and answers the last value: the
 * caller's own assertion then says what was wrong, instead of a bare timeout.
 */
export async function until<T>(probe: () => Promise<T>, ok: (v: T) => boolean, ms = 8000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
}
