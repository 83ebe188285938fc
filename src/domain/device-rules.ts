import { EXPIRY_FILTER } from './codes';

/**
 * Limits and pure rules of device management (issue 5), shared by the forms and the server.
 * The spec leaves the caps as parameters; these are ours.
 */

/** Devices one batch call may name (transfer, expiry, icon, type, zone, host, password). */
export const DEVICE_BATCH_MAX = 10_000;
/** Rows one list export may hold; the server's DEVICE_EXPORT_MAX env may lower or raise it. */
export const DEVICE_EXPORT_MAX = 100_000;
/** Lines of a multi-line IMEI search (device list filter, multi-info search, ICCID export). */
export const IMEI_SEARCH_MAX_LINES = 1000;

export const ICON_TYPE_MIN = 1;
export const ICON_TYPE_MAX = 16;

/** ICCIDs without a given length (card ICCID, device info): 19 or 20 characters. */
export const ICCID_MIN_LENGTH = 19;
export const ICCID_MAX_LENGTH = 20;
/** Lengths the ICCID import accepts as its "given length". */
export const ICCID_IMPORT_LENGTH_MIN = 10;
export const ICCID_IMPORT_LENGTH_MAX = 24;

/** Which expiry date decides that a device has expired. */
export const EXPIRE_TYPE = { platform: 0, user: 1 } as const;
export const EXPIRE_TYPES: readonly number[] = Object.values(EXPIRE_TYPE);

/** A list of terminalIDs as the batch calls take it: trimmed, blanks dropped, each once. */
export function parseTerminalIds(ids: readonly string[] | string): string[] {
  const raw = typeof ids === 'string' ? ids.split(/\r?\n/) : ids;
  const list = raw.map((s) => s.trim()).filter(Boolean);
  return [...new Set(list)];
}

export interface IccidLine {
  line: number;
  terminalID: string;
  iccid: string;
}

/**
 * The ICCID import's text form: one `IMEI ICCID` pair per line, separated by a comma, tab,
 * semicolon or blanks (as pasted from a spreadsheet). A line with one field keeps an empty ICCID
 * so the length check reports it.
 */
export function parseIccidLines(text: string): IccidLine[] {
  return text.split(/\r?\n/).flatMap((raw, i) => {
    const l = raw.trim();
    if (!l) return [];
    const [terminalID = '', iccid = ''] = l.split(/[\s,;]+/);
    return [{ line: i + 1, terminalID, iccid }];
  });
}

const DAY_MS = 24 * 3600 * 1000;

/**
 * The platform-expiry window of an expiry filter: within 7 or 60 days means not yet expired
 * and expiring before now + N days; already expired means before now.
 */
export function expiryWindow(filter: number, now: Date): { from?: Date; to: Date } | null {
  if (filter === EXPIRY_FILTER.expired) return { to: now };
  if (filter === EXPIRY_FILTER.within7Days || filter === EXPIRY_FILTER.within60Days)
    return { from: now, to: new Date(now.getTime() + filter * DAY_MS) };
  return null;
}
