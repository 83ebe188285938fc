/**
 * H02 text frames without a GPS sentence: cell reports (NBR, V3, VP1 without a fix), the LINK
 * status report and the HTBT heartbeat. Layouts as Traccar's H02ProtocolDecoder reads them;
 * their example frames are the unit tests'. A cell report becomes an invalid location
 * (positionType 'lbs', 0/0: it never moves the vehicle) that keeps the cells for a later lookup.
 */
import {
  messageOf,
  type CellTower,
  type DeviceStatus,
  type HeartbeatMessage,
  type LocationMessage,
} from '../codec';
import { H02_MARK, KNOT_KMH, type FrameContext } from './context';
import { coordinate, isDate6, isHex8, num, statusWord, textTime, type TextFrame } from './fields';
import { decodeStatusWord } from './status';

const int = (s: string | undefined) => (s !== undefined && /^-?\d+$/.test(s.trim()) ? Number(s) : NaN);

function lbsLocation(
  ctx: FrameContext,
  time: Date | null,
  cells: CellTower[],
  status: DeviceStatus,
): LocationMessage {
  const msg = messageOf<LocationMessage>(ctx.base(H02_MARK.text), status, {
    type: status.alarm ? 'alarm' : 'location',
    time: time ?? ctx.now,
    valid: false,
    latitude: 0,
    longitude: 0,
    speed: 0,
    course: 0,
    positionType: 'lbs',
  });
  const heard = cells.filter((c) => c.lac > 0 || c.cid > 0);
  if (heard.length) msg.cells = heard;
  return msg;
}

/** The date and status word closing NBR/LINK/V3: index of the date, or -1. */
function dateAndStatus(f: string[], from: number): number {
  for (let i = from; i + 1 < f.length; i++) if (isDate6(f[i]) && isHex8(f[i + 1])) return i;
  return -1;
}

/** NBR: hhmmss, MCC, MNC, delay, count, (LAC, cell id, signal) per cell, ddmmyy, status. */
export function decodeNbr(t: TextFrame, ctx: FrameContext): LocationMessage | string {
  const f = t.fields.map((s) => s.trim());
  const end = dateAndStatus(f, 8);
  if (end < 0) return 'NBR without date and status';
  const [mcc, mnc] = [int(f[4]), int(f[5])];
  const cells: CellTower[] = [];
  for (let i = 8; i + 2 < end; i += 3) {
    const [lac, cid, rssi] = [int(f[i]), int(f[i + 1]), int(f[i + 2])];
    if (![mcc, mnc, lac, cid].some(Number.isNaN))
      cells.push({ mcc, mnc, lac, cid, ...(Number.isNaN(rssi) ? {} : { rssi }) });
  }
  const time = textTime(f[3], f[end], ctx.session.timezoneOffsetMinutes ?? 0);
  return lbsLocation(ctx, time, cells, decodeStatusWord(statusWord(f[end + 1])));
}

/** V3: hhmmss, MCC and MNC run together, count, (LAC, cell id, signal, ?) per cell, battery (hex), reboots, X, ddmmyy, status. */
export function decodeV3(t: TextFrame, ctx: FrameContext): LocationMessage | string {
  const f = t.fields.map((s) => s.trim());
  const end = dateAndStatus(f, 6);
  if (end < 0 || !/^\d{4,6}$/.test(f[4] ?? '')) return 'V3 without MCC, date or status';
  const [mcc, mnc] = [Number(f[4].slice(0, 3)), Number(f[4].slice(3))];
  const count = int(f[5]);
  const cells: CellTower[] = [];
  for (let i = 0; i < count && 6 + i * 4 + 1 < end; i++) {
    const [lac, cid] = [int(f[6 + i * 4]), int(f[7 + i * 4])];
    if (!Number.isNaN(lac) && !Number.isNaN(cid)) cells.push({ mcc, mnc, lac, cid });
  }
  const time = textTime(f[3], f[end], ctx.session.timezoneOffsetMinutes ?? 0);
  const msg = lbsLocation(ctx, time, cells, decodeStatusWord(statusWord(f[end + 1])));
  const battery = f[6 + count * 4];
  if (/^[0-9A-Fa-f]{4}$/.test(battery ?? ''))
    msg.attributes = { ...msg.attributes, batteryRaw: parseInt(battery, 16) };
  return msg;
}

/** VP1: `V,MCC,MNC,LAC,cid,signalYLAC,...` (cells) or `A|B,lat,N,lon,E,speed,course,ddmmyy` (a fix, A or B both valid, no time of day). */
export function decodeVp1(t: TextFrame, ctx: FrameContext): LocationMessage | string {
  const f = t.fields.map((s) => s.trim());
  if (f[3] === 'V') {
    const [mcc, mnc] = [int(f[4]), int(f[5])];
    const cells = f
      .slice(6)
      .join(',')
      .split('Y')
      .map((c) => c.split(',').map(int))
      .filter((v) => v.length >= 2 && !Number.isNaN(v[0]) && !Number.isNaN(v[1]))
      .map(([lac, cid, rssi]) => ({ mcc, mnc, lac, cid, ...(Number.isNaN(rssi) ? {} : { rssi }) }));
    if (Number.isNaN(mcc) || Number.isNaN(mnc)) return 'VP1 without MCC/MNC';
    return lbsLocation(ctx, null, cells, {});
  }
  const latitude = coordinate(f[4], f[5], 'S');
  const longitude = coordinate(f[6], f[7], 'W');
  if (!/^[AB]$/.test(f[3]) || Number.isNaN(latitude) || Number.isNaN(longitude))
    return 'VP1 position unreadable';
  // The report has a date but no time of day: the receive time on that day, else the day's start.
  const day = textTime('000000', f[10], 0);
  const today = day !== null && day.toISOString().slice(0, 10) === ctx.now.toISOString().slice(0, 10);
  return messageOf<LocationMessage>(ctx.base(H02_MARK.text), {
    type: 'location',
    time: today || day === null ? ctx.now : day,
    valid: day !== null,
    latitude,
    longitude,
    speed: num(f[8]) * KNOT_KMH,
    course: num(f[9]),
    positionType: 'gps',
  });
}

/** LINK: hhmmss, signal, satellites, battery %, steps, turnovers, ddmmyy, status. */
export function decodeLink(t: TextFrame, ctx: FrameContext): HeartbeatMessage | string {
  const f = t.fields.map((s) => s.trim());
  if (!isDate6(f[9]) || !isHex8(f[10])) return 'LINK without date and status';
  const status = decodeStatusWord(statusWord(f[10]));
  const msg = messageOf<HeartbeatMessage>(ctx.base(H02_MARK.text), status, { type: 'status' });
  const [rssi, satellites, battery, steps, turnovers] = [4, 5, 6, 7, 8].map((i) => int(f[i]));
  if (!Number.isNaN(rssi)) msg.gsmSignal = rssi;
  if (battery >= 0 && battery <= 100) msg.battery = battery;
  msg.attributes = { ...msg.attributes, satellites, steps, turnovers };
  return msg;
}

/** HTBT (and V0): the keep-alive, optionally with the battery in percent. */
export function decodeHeartbeat(t: TextFrame, ctx: FrameContext): HeartbeatMessage {
  const msg: HeartbeatMessage = { ...ctx.base(H02_MARK.text), type: 'heartbeat' };
  const battery = int(t.fields[3]);
  if (battery >= 0 && battery <= 100) msg.battery = battery;
  return msg;
}
