import type { MessageKey } from './messages';
import { isValidImei, validateIccid } from './validators';

/**
 * Factory stock and SIM cards (issue 15, part 5): the line rules shared by the stock screens
 * and the server. Pure: the database checks (already in stock, shipped, ICCID taken) come after.
 */

/** How a stock row is shown and filtered: removed = out of stock with no receiving account. */
export const STOCK_STATE = { inStock: 'in_stock', shipped: 'shipped', removed: 'removed' } as const;
export type StockState = (typeof STOCK_STATE)[keyof typeof STOCK_STATE];
export const STOCK_STATES = Object.values(STOCK_STATE);

/** The factory test as the list filters it. */
export const STOCK_TEST = { untested: 'untested', passed: 'passed', failed: 'failed' } as const;
export const STOCK_TESTS = Object.values(STOCK_TEST);

/** Why a terminal leaves the stock without going to an agent (deviceInputOut). */
export const REMOVAL_REASON = { scrap: 1, returned: 2, sample: 3, repair: 4, lost: 5, other: 6 } as const;
export const REMOVAL_REASONS = Object.values(REMOVAL_REASON);

/** Operations of stock_records, as the schema names them. */
export const STOCK_OP = {
  in: 'in',
  out: 'out',
  removal: 'removal',
  iccid: 'iccid',
  clearData: 'clearData',
  clearCard: 'clearCard',
} as const;
export const STOCK_OPS = Object.values(STOCK_OP);

/** Lines of one stock operation (same bound as the other pasted lists). */
export const STOCK_LINES_MAX = 10_000;
export const BATCH_NO_MAX = 32;
export const STOCK_REMARK_MAX = 255;

/** One line's outcome: `row` counts from 1; `key` says why a line was refused. */
export interface StockLine {
  row: number;
  terminalID: string;
  ok: boolean;
  key?: MessageKey;
}

export interface StockInRow {
  terminalID: string;
  iccid?: string;
  deviceType?: string;
}

export interface KnownType {
  /** The type's terminal ids are 808 numbers (exactly 11 digits). */
  is808: boolean;
}

export type StockInLine = StockLine & { iccid: string; deviceType: string };

const refuse = <T extends StockLine>(line: T, key: MessageKey): T => ({ ...line, ok: false, key });

/**
 * deviceInputIn lines "IMEI[,ICCID][,device type]": a line naming no type takes the form's.
 * A two-cell line whose second cell is a device type name is "IMEI,device type" (people skip
 * the ICCID). Checks the terminal id for the type's protocol, the ICCID (19–20 letters or
 * digits), the type, and repeats of an IMEI or an ICCID within the list.
 */
export function checkStockInRows(
  rows: readonly StockInRow[],
  defaultType: string,
  types: ReadonlyMap<string, KnownType>,
): StockInLine[] {
  const seen = new Set<string>();
  const seenIccid = new Set<string>();
  return rows.map((r, i) => {
    const terminalID = (r.terminalID ?? '').trim();
    let iccid = (r.iccid ?? '').trim();
    let deviceType = (r.deviceType ?? '').trim();
    if (!deviceType && types.has(iccid)) [deviceType, iccid] = [iccid, ''];
    deviceType ||= defaultType.trim();
    const line: StockInLine = { row: i + 1, terminalID, iccid, deviceType, ok: true };
    const type = types.get(deviceType);
    if (!type) return refuse(line, 'deviceTypeUnknown');
    if (!isValidImei(terminalID, type.is808)) return refuse(line, 'imeiInvalid');
    if (seen.has(terminalID)) return refuse(line, 'imeiDuplicate');
    seen.add(terminalID);
    if (iccid && validateIccid(iccid)) return refuse(line, 'iccidInvalid');
    if (iccid && seenIccid.has(iccid)) return refuse(line, 'iccidDuplicate');
    if (iccid) seenIccid.add(iccid);
    return line;
  });
}

/** Pasted terminal ids (ship, removal, clearing): 6 to 15 letters or digits, each once. */
export function checkTerminalLines(ids: readonly string[]): StockLine[] {
  const seen = new Set<string>();
  return ids.map((raw, i) => {
    const terminalID = raw.trim();
    const line: StockLine = { row: i + 1, terminalID, ok: true };
    if (!isValidImei(terminalID, false)) return refuse(line, 'imeiInvalid');
    if (seen.has(terminalID)) return refuse(line, 'imeiDuplicate');
    seen.add(terminalID);
    return line;
  });
}

export type IccidPairLine = StockLine & { iccid: string };

/** IMEI,ICCID pairs of the SIM matching: each IMEI and each ICCID once, the ICCID well formed. */
export function checkIccidPairs(rows: readonly { terminalID: string; iccid?: string }[]): IccidPairLine[] {
  const seen = new Set<string>();
  const seenIccid = new Set<string>();
  return rows.map((r, i) => {
    const terminalID = (r.terminalID ?? '').trim();
    const iccid = (r.iccid ?? '').trim();
    const line: IccidPairLine = { row: i + 1, terminalID, iccid, ok: true };
    if (!isValidImei(terminalID, false)) return refuse(line, 'imeiInvalid');
    if (seen.has(terminalID)) return refuse(line, 'imeiDuplicate');
    seen.add(terminalID);
    if (!iccid || validateIccid(iccid)) return refuse(line, 'iccidInvalid');
    if (seenIccid.has(iccid)) return refuse(line, 'iccidDuplicate');
    seenIccid.add(iccid);
    return line;
  });
}

/** The state a stock row is shown in: out of stock with no account is a removal. */
export function stockState(status: string, shippedTo: number | null | undefined): StockState {
  if (status === STOCK_STATE.inStock) return STOCK_STATE.inStock;
  return shippedTo == null ? STOCK_STATE.removed : STOCK_STATE.shipped;
}

/** The factory test as shown: never tested, passed, or tested and failed. */
export function stockTest(testedAt: unknown, testPassed: boolean): (typeof STOCK_TESTS)[number] {
  if (testPassed) return STOCK_TEST.passed;
  return testedAt ? STOCK_TEST.failed : STOCK_TEST.untested;
}
