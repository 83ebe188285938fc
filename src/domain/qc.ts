import { IMPORT_PROTOCOLS_808 } from './codes';
import type { MessageKey } from './messages';
import { isValidImei } from './validators';

/**
 * Factory quality control (issue 15, part 1): test kinds, upload limits and the pure rules of
 * the bench uploads, shared by the upload screens and the server (docs/factory/qc.md).
 */

/** What a bench tested: serial-port tests (two generations of bench), GPS fix, live location. */
export const TEST_KIND = { serial: 1, serialV2: 2, gps: 3, location: 4 } as const;
export type TestKind = (typeof TEST_KIND)[keyof typeof TEST_KIND];
export const TEST_KINDS: readonly TestKind[] = Object.values(TEST_KIND);

/** Rows of one upload (a file or a paste), like the other pasted lists. */
export const QC_UPLOAD_MAX = 10_000;
/** Items of one result, and the lengths of their texts. */
export const QC_ITEMS_MAX = 64;
export const QC_ITEM_NAME_MAX = 64;
export const QC_ITEM_VALUE_MAX = 128;
export const QC_TEXT_MAX = 64;
/** A test configuration's name. */
export const QC_CONFIG_NAME_MAX = 64;

/** GPS bench limits used when a GPS row gives no verdict of its own. */
export const GPS_PASS = { minSatellites: 4, minSnr: 30, maxFixSeconds: 120 } as const;
/** locationTest: a fix older than this is no proof the device locates now. */
export const LOCATION_TEST_MAX_AGE_MS = 10 * 60_000;
export const LOCATION_TEST_MIN_SATELLITES = 4;

/** Why a location test failed ("ok" when it passed); labels are qc:location.<reason>. */
export type LocationReason = 'ok' | 'noLocation' | 'stale' | 'invalidFix' | 'fewSatellites';

/** The verdict words benches and people write; anything else is a bad row. */
const PASS_WORDS = new Set(['1', 'pass', 'passed', 'ok', 'true', 'y', 'yes', 'p', '合格', '通过', '成功']);
const FAIL_WORDS = new Set(['0', 'fail', 'failed', 'ng', 'false', 'n', 'no', 'f', '不合格', '失败']);

/** `true`/`false` for a verdict word, null when it is none. */
export function parseVerdict(v: string | undefined): boolean | null {
  const w = (v ?? '').trim().toLowerCase();
  if (PASS_WORDS.has(w)) return true;
  if (FAIL_WORDS.has(w)) return false;
  return null;
}

export interface TestItem {
  name: string;
  value?: string | number | boolean | null;
  passed: boolean;
  expected?: string;
}

export interface GpsFix {
  satellites?: number;
  snrAvg?: number;
  fixSeconds?: number;
  hdop?: number;
  latitude?: number;
  longitude?: number;
}

/** One result ready to store, whichever way it came. */
export interface ResultInput {
  terminalID: string;
  kind: TestKind;
  passed: boolean;
  items: TestItem[];
  gps: GpsFix | null;
  deviceType: string;
  firmwareVersion: string;
  iccid: string;
  station: string;
  operator: string;
  testedAt: Date | null;
}

/** One line of an upload report: `row` counts from 1; `key` says why it was refused. */
export interface QcLine {
  row: number;
  terminalID: string;
  ok: boolean;
  key?: MessageKey;
  passed?: boolean;
}

/** Cells of an uploaded row (all text, as a paste or a sheet gives them). */
export interface ResultRow {
  terminalID?: string;
  result?: string;
  deviceType?: string;
  firmwareVersion?: string;
  iccid?: string;
  station?: string;
  operator?: string;
  /** Names of the failed items, separated by | or / (a serial row). */
  failedItems?: string;
  testedAt?: string;
  satellites?: string;
  snrAvg?: string;
  fixSeconds?: string;
  hdop?: string;
  latitude?: string;
  longitude?: string;
}

/** Is the terminal id valid for its device type (exactly 11 digits for an 808 type)? */
export function imeiFits(terminalID: string, importProtocol: number | undefined): boolean {
  return isValidImei(
    terminalID,
    importProtocol !== undefined && IMPORT_PROTOCOLS_808.includes(importProtocol),
  );
}

/** A number cell within [min, max]; undefined when empty; NaN when unreadable or out of range. */
function num(v: string | undefined, min: number, max: number): number | undefined {
  const s = (v ?? '').trim();
  if (!s) return undefined;
  const n = Number(s);
  return Number.isFinite(n) && n >= min && n <= max ? n : NaN;
}

/** A time cell: ISO or "yyyy-MM-dd HH:mm:ss" (local to the server); null when empty, NaN-date when bad. */
function time(v: string | undefined): Date | null {
  const s = (v ?? '').trim();
  if (!s) return null;
  return new Date(/^\d{4}-\d\d-\d\d \d/.test(s) ? s.replace(' ', 'T') : s);
}

/** Does a GPS measurement meet GPS_PASS? */
export function gpsPassed(g: GpsFix): boolean {
  return (
    (g.satellites ?? 0) >= GPS_PASS.minSatellites &&
    (g.snrAvg === undefined || g.snrAvg >= GPS_PASS.minSnr) &&
    (g.fixSeconds === undefined || g.fixSeconds <= GPS_PASS.maxFixSeconds)
  );
}

const clip = (v: string | undefined, max = QC_TEXT_MAX) => (v ?? '').trim().slice(0, max);

/**
 * Uploaded rows → results to store and a report line per row. A serial row needs a verdict; a
 * GPS row may leave it out and is then judged by GPS_PASS. Refused: an IMEI the shared validator
 * refuses (for its type's protocol) → imeiInvalid; an unreadable verdict, number or time →
 * qcRowInvalid. The same IMEI may appear twice (a retest): both are stored.
 */
export function checkResultRows(
  rows: readonly ResultRow[],
  kind: TestKind,
  defaults: { deviceType?: string; station?: string; operator?: string },
  importProtocolOf: (deviceType: string) => number | undefined,
): { lines: QcLine[]; results: ResultInput[] } {
  const lines: QcLine[] = [];
  const results: ResultInput[] = [];
  rows.forEach((r, i) => {
    const terminalID = (r.terminalID ?? '').trim();
    const line: QcLine = { row: i + 1, terminalID, ok: false };
    lines.push(line);
    const deviceType = clip(r.deviceType) || clip(defaults.deviceType);
    if (!imeiFits(terminalID, importProtocolOf(deviceType))) return void (line.key = 'imeiInvalid');
    let gps: GpsFix | null = null;
    if (kind === TEST_KIND.gps) {
      gps = {
        satellites: num(r.satellites, 0, 99),
        snrAvg: num(r.snrAvg, 0, 99),
        fixSeconds: num(r.fixSeconds, 0, 86_400),
        hdop: num(r.hdop, 0, 99.9),
        latitude: num(r.latitude, -90, 90),
        longitude: num(r.longitude, -180, 180),
      };
      if (Object.values(gps).some((v) => Number.isNaN(v))) return void (line.key = 'qcRowInvalid');
      gps = Object.fromEntries(Object.entries(gps).filter(([, v]) => v !== undefined)) as GpsFix;
    }
    const verdict = parseVerdict(r.result);
    const passed = verdict ?? (gps && (r.result ?? '').trim() === '' ? gpsPassed(gps) : null);
    const testedAt = time(r.testedAt);
    if (passed === null || (testedAt && Number.isNaN(testedAt.getTime())))
      return void (line.key = 'qcRowInvalid');
    const failed = (r.failedItems ?? '')
      .split(/[|/]/)
      .map((s) => s.trim().slice(0, QC_ITEM_NAME_MAX))
      .filter(Boolean)
      .slice(0, QC_ITEMS_MAX);
    Object.assign(line, { ok: true, passed });
    results.push({
      terminalID,
      kind,
      passed,
      items: failed.map((name) => ({ name, passed: false })),
      gps,
      deviceType,
      firmwareVersion: clip(r.firmwareVersion),
      iccid: clip(r.iccid, 24),
      station: clip(r.station) || clip(defaults.station),
      operator: clip(r.operator) || clip(defaults.operator),
      testedAt,
    });
  });
  return { lines, results };
}

/** The summary a stock row keeps of its latest result (stock.test_record). */
export function testRecordOf(r: {
  id: number;
  kind: number;
  passed: boolean;
  items: readonly TestItem[];
  gps: GpsFix | null;
  station: string;
  operator: string;
  testedAt: Date;
}): Record<string, unknown> {
  return {
    result: r.passed ? 'pass' : 'fail',
    resultId: r.id,
    kind: r.kind,
    items: r.items.length,
    failedItems: r.items.filter((i) => !i.passed).map((i) => i.name),
    ...(r.gps ? { gps: r.gps } : {}),
    station: r.station,
    operator: r.operator,
    testedAt: r.testedAt.toISOString(),
  };
}

/** Items of a result as one readable line ("GSM=26 ✓; Relay ✗"). */
export function itemsText(items: readonly TestItem[] | null | undefined): string {
  return (items ?? [])
    .map(
      (i) =>
        `${i.name}${i.value !== undefined && i.value !== null ? `=${String(i.value)}` : ''} ${i.passed ? '✓' : '✗'}`,
    )
    .join('; ');
}

/** The location test's verdict on the newest fix found (pure; the server finds the fix). */
export function judgeLocation(
  fix: { time: Date; valid: boolean; latitude: number; longitude: number; satellites?: number | null } | null,
  now: Date,
): LocationReason {
  if (!fix) return 'noLocation';
  if (now.getTime() - fix.time.getTime() > LOCATION_TEST_MAX_AGE_MS) return 'stale';
  const inRange = Math.abs(fix.latitude) <= 90 && Math.abs(fix.longitude) <= 180;
  if (!fix.valid || !inRange || (fix.latitude === 0 && fix.longitude === 0)) return 'invalidFix';
  if (fix.satellites != null && fix.satellites < LOCATION_TEST_MIN_SATELLITES) return 'fewSatellites';
  return 'ok';
}
