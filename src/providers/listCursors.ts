/**
 * Keyset paging from the table's next/previous buttons: a list that answers cursors (the device
 * list's `next` and `prev`) is asked the page after or before the one shown by its cursor,
 * which costs the server the same at page 60,000 as at page 1. Any other page (a jump, a
 * refresh, other filters) goes by number as before. One remembered page per list and filters.
 */
interface Shown {
  pageNum: number;
  next?: string;
  prev?: string;
}

const MAX_LISTS = 50;
const shown = new Map<string, Shown>();

const keyOf = (path: string, body: Record<string, unknown>) => {
  const { pageNum: _, ...rest } = body;
  return `${path} ${JSON.stringify(rest)}`;
};

/** `after` or `before` for the page asked, when it is next to the page last shown. */
export function cursorFields(path: string, body: Record<string, unknown>): Record<string, string> {
  const last = shown.get(keyOf(path, body));
  const pageNum = Number(body.pageNum);
  if (!last) return {};
  if (pageNum === last.pageNum + 1 && last.next) return { after: last.next };
  // Back to page 1 by number: it is cheap, and shows rows added on top since.
  if (pageNum === last.pageNum - 1 && pageNum > 1 && last.prev) return { before: last.prev };
  return {};
}

/** Keeps the cursors of a page just answered (nothing for lists without them). */
export function rememberCursors(path: string, body: Record<string, unknown>, data: unknown) {
  const key = keyOf(path, body);
  const d = data as { next?: unknown; prev?: unknown } | null;
  if (!d || typeof d !== 'object' || (typeof d.next !== 'string' && typeof d.prev !== 'string')) {
    shown.delete(key);
    return;
  }
  shown.delete(key);
  if (shown.size >= MAX_LISTS) shown.delete(shown.keys().next().value!);
  shown.set(key, {
    pageNum: Number(body.pageNum),
    next: typeof d.next === 'string' ? d.next : undefined,
    prev: typeof d.prev === 'string' ? d.prev : undefined,
  });
}
