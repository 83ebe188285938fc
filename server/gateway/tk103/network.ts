/**
 * Cell towers and Wi-Fi access points of TK103 frames without a GPS fix:
 * - `{mcc,mnc,lac,cid}` groups, one a line (BZ00 and BP05 of LBS firmware), decimal;
 * - BZ00 `,mcc,mnc,lac,cid[,lac,cid...]` with lac and cid in hex, or `lac,cid,rssi` triples;
 * - DW5x `,mcc,mnc,lac,cid,<n>,<mac*rssi*channel>...,ddmmyy,hhmmss` (decimal).
 * Layouts from the public frames in Traccar's Tk103ProtocolDecoderTest.
 */
import { deviceTime, type CellTower, type WifiAccessPoint } from '../codec';

const BRACED = /\{(\d+),(\d+),(\d+),(\d+)\}/g;
const STATUS = /^[01]{2}[0-9A-Fa-f]{6}$/;
const HEX = /^[0-9A-Fa-f]{1,8}$/;
const MAC = /^(?:[0-9A-Fa-f]{2}:){5}[0-9A-Fa-f]{2}$/;

/** Cells written as `{mcc,mnc,lac,cid}`; empty when there are none. */
export function bracedCells(body: string): CellTower[] {
  return [...body.matchAll(BRACED)].map(([, mcc, mnc, lac, cid]) => ({
    mcc: Number(mcc),
    mnc: Number(mnc),
    lac: Number(lac),
    cid: Number(cid),
  }));
}

/** BZ00's comma layout; null when it is not one. */
export function bz00Cells(fields: readonly string[]): CellTower[] | null {
  const values = fields.filter((f) => f !== '' && !STATUS.test(f));
  const [mcc, mnc, ...rest] = values;
  if (!/^\d+$/.test(mcc ?? '') || !/^\d+$/.test(mnc ?? '') || rest.length < 2) return null;
  // Triples carry a short decimal signal level in every third place; pairs do not.
  const triples = rest.length % 3 === 0 && rest.every((v, i) => i % 3 !== 2 || /^\d{1,3}$/.test(v));
  const step = triples ? 3 : 2;
  const cells: CellTower[] = [];
  for (let i = 0; i + 1 < rest.length; i += step) {
    if (!HEX.test(rest[i]) || !HEX.test(rest[i + 1])) return null;
    const cell: CellTower = {
      mcc: Number(mcc),
      mnc: Number(mnc),
      lac: parseInt(rest[i], 16),
      cid: parseInt(rest[i + 1], 16),
    };
    if (triples) cell.rssi = Number(rest[i + 2]);
    cells.push(cell);
  }
  return cells;
}

export interface LbsWifi {
  cells: CellTower[];
  wifi: WifiAccessPoint[];
  time: Date | null;
}

/** DW5x fields after the code; null when they do not fit. */
export function dw5Fields(fields: readonly string[]): LbsWifi | null {
  const [mcc, mnc, lac, cid, count, ...rest] = fields;
  if (![mcc, mnc, lac, cid, count].every((f) => /^\d+$/.test(f ?? ''))) return null;
  const wifi: WifiAccessPoint[] = [];
  for (const f of rest) {
    const [mac, rssi] = f.split('*');
    if (!MAC.test(mac)) continue;
    const ap: WifiAccessPoint = { mac: mac.toLowerCase() };
    if (/^-?\d+$/.test(rssi ?? '')) ap.rssi = Number(rssi);
    wifi.push(ap);
  }
  const [date, time] = rest.slice(-2);
  let at: Date | null = null;
  if (/^\d{6}$/.test(date ?? '') && /^\d{6}$/.test(time ?? '')) {
    const n = (s: string, i: number) => Number(s.slice(i, i + 2));
    at = deviceTime(2000 + n(date, 4), n(date, 2), n(date, 0), n(time, 0), n(time, 2), n(time, 4), 0);
  }
  return {
    cells: [{ mcc: Number(mcc), mnc: Number(mnc), lac: Number(lac), cid: Number(cid) }],
    wifi,
    time: at,
  };
}
