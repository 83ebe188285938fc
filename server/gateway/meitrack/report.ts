/**
 * The text position report: the fields after `AAA` (and after the command of the answers that
 * carry a position: A10, C01...). MEITRACK GPRS Protocol "Automatic Event Report – AAA":
 *
 *   event, lat, lon, yymmddHHMMSS, A|V, satellites, GSM signal, speed km/h, course, HDOP,
 *   altitude m, mileage m, run time s, MCC|MNC|LAC|CI (hex), I/O state (input byte, output
 *   byte in hex), analog values `|`-separated, then, in later firmware: assisted event info,
 *   customized data, protocol version, fuel percentage, temperature sensors, ...
 *
 * The analog group is either hex ADCs `AD1|AD2|AD3|battery|external power` (1/100 V), or, in
 * newer firmware, decimal volts `battery|external|RTC|MCU|GPS`.
 */
import { deviceTime, messageOf, type CellTower, type LocationMessage, type PositionFix } from '../codec';
import { eventAcc, eventAlarm, MEITRACK_EVENT } from './events';

/** Fields a report needs, up to and including the I/O state. */
const MIN_FIELDS = 15;
/** Reports dated more than this ahead of the receive time are device clock faults. */
const LATEST_AHEAD_MS = 24 * 3600_000;

export type ReportFields = Omit<
  LocationMessage,
  'protocol' | 'messageId' | 'serial' | 'checksumOk' | 'deviceId' | 'type'
>;

export interface ParsedReport extends ReportFields {
  event: number;
}

const num = (s: string | undefined): number => (s === undefined || s.trim() === '' ? NaN : Number(s));
const hex = (s: string | undefined): number => (s && /^[0-9a-fA-F]+$/.test(s) ? parseInt(s, 16) : NaN);

/** Parses report fields; null when they are not a report (too few, or no coordinates). */
export function parseReport(fields: readonly string[], now: Date): ParsedReport | null {
  if (fields.length < MIN_FIELDS) return null;
  const event = num(fields[0]);
  const latitude = num(fields[1]);
  const longitude = num(fields[2]);
  if (!Number.isInteger(event) || !Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  const time = parseTime(fields[3], now);
  const fixValid = fields[4] === 'A';
  const satellites = num(fields[5]);
  const signal = num(fields[6]);
  const hdop = num(fields[9]);
  const altitude = num(fields[10]);
  const mileage = num(fields[11]);
  const runtime = num(fields[12]);
  const cells = parseCell(fields[13], signal);
  const attributes: Record<string, unknown> = { event };
  if (Number.isFinite(hdop)) attributes.hdop = hdop;
  if (Number.isFinite(runtime)) attributes.runtime = runtime;
  const io = fields[14] ?? '';
  const input = hex(io.slice(0, 2));
  const output = hex(io.slice(2, 4));
  if (Number.isFinite(input)) attributes.input = input;
  if (Number.isFinite(output)) attributes.output = output;
  // No fix and no coordinates: the cells are all there is to place the device by.
  const lbs = !fixValid && latitude === 0 && longitude === 0 && cells !== undefined;
  const fix: PositionFix = {
    time: time ?? now,
    valid: fixValid && time !== null,
    latitude,
    longitude,
    speed: finiteOr(num(fields[7]), 0),
    course: finiteOr(num(fields[8]), 0),
    positionType: lbs ? 'lbs' : 'gps',
  };
  if (Number.isFinite(altitude)) fix.altitude = altitude;
  if (Number.isFinite(satellites)) fix.satellites = satellites;
  if (Number.isFinite(mileage)) fix.mileage = mileage / 1000;
  const out = messageOf<ParsedReport>(fix, { event, attributes });
  if (Number.isFinite(signal)) out.gsmSignal = signal;
  if (cells) out.cells = cells;
  const acc = eventAcc(event);
  if (acc !== undefined) out.acc = acc;
  readAnalog(fields[15], out, attributes);
  readExtras(fields.slice(16), event, out, attributes);
  const alarm = eventAlarm(event);
  if (alarm) {
    out.alarm = alarm;
    out.alarms = [alarm];
  }
  return out;
}

const finiteOr = (n: number, fallback: number) => (Number.isFinite(n) ? n : fallback);

/** yymmddHHMMSS in UTC; null when impossible or too far ahead of `now`. */
export function parseTime(s: string | undefined, now: Date): Date | null {
  if (!s || !/^\d{12}$/.test(s)) return null;
  const n = (i: number) => Number(s.slice(i, i + 2));
  const t = deviceTime(2000 + n(0), n(2), n(4), n(6), n(8), n(10), 0);
  if (!t || t.getTime() > now.getTime() + LATEST_AHEAD_MS) return null;
  return t;
}

/** `MCC|MNC|LAC|CI`, LAC and CI in hex; absent when the device heard no network. */
function parseCell(s: string | undefined, rssi: number): CellTower[] | undefined {
  const [mcc, mnc, lac, cid] = (s ?? '').split('|');
  const cell: CellTower = { mcc: num(mcc), mnc: num(mnc), lac: hex(lac), cid: hex(cid) };
  if (
    !(cell.mcc > 0) ||
    !Number.isFinite(cell.mnc) ||
    !Number.isFinite(cell.lac) ||
    !Number.isFinite(cell.cid)
  )
    return undefined;
  if (Number.isFinite(rssi)) cell.rssi = rssi;
  return [cell];
}

function readAnalog(s: string | undefined, out: ParsedReport, attributes: Record<string, unknown>) {
  const parts = (s ?? '').split('|');
  if (parts.length < 2) return;
  if (parts.some((p) => p.includes('.'))) {
    // Newer firmware: battery|external|RTC|MCU|GPS in volts.
    const battery = num(parts[0]);
    const power = num(parts[1]);
    if (Number.isFinite(battery)) attributes.batteryVoltage = battery;
    if (Number.isFinite(power)) out.externalVoltage = power;
    return;
  }
  // AD1|AD2|AD3|battery|external power, hex; the two voltages in 1/100 V.
  for (let i = 0; i < 3; i++) {
    const v = hex(parts[i]);
    if (Number.isFinite(v)) attributes[`adc${i + 1}`] = v;
  }
  const battery = hex(parts[3]);
  const power = hex(parts[4]);
  if (Number.isFinite(battery)) attributes.batteryVoltage = battery / 100;
  if (Number.isFinite(power)) out.externalVoltage = power / 100;
}

/** Assisted event info, customized data, protocol version, fuel, temperature sensors. */
function readExtras(
  extra: readonly string[],
  event: number,
  out: ParsedReport,
  attributes: Record<string, unknown>,
) {
  const [info, , version, fuel, temps] = extra;
  if (info) {
    if (event === MEITRACK_EVENT.rfid) out.driverId = info;
    else attributes.eventData = info;
  }
  const protocol = num(version);
  if (Number.isFinite(protocol)) attributes.protocolVersion = protocol;
  // Fuel percentage: 4 hex digits, integer part then hundredths ("1E32" is 30.50 %).
  if (fuel && /^[0-9a-fA-F]{4}$/.test(fuel))
    attributes.fuelLevel = hex(fuel.slice(0, 2)) + hex(fuel.slice(2)) / 100;
  for (const t of (temps ?? '').split('|')) {
    if (!/^[0-9a-fA-F]{6}$/.test(t)) continue;
    const sensor = hex(t.slice(0, 2));
    const raw = hex(t.slice(2));
    let value: number;
    if (protocol >= 3) {
      value = (raw > 0x7fff ? raw - 0x10000 : raw) / 100;
    } else {
      // Older firmware: signed whole degrees, then hundredths of a degree.
      const whole = raw >> 8 > 0x7f ? (raw >> 8) - 0x100 : raw >> 8;
      value = whole + ((whole < 0 ? -1 : 1) * (raw & 0xff)) / 100;
    }
    attributes[`temp${sensor}`] = value;
    out.temperature ??= value;
  }
}
