/**
 * GT06 packets without GPS that list the cells a tracker hears and the Wi-Fi access points it
 * sees, for a geolocation service to place it later: the multi-LBS packets (0x18, 0x24, 0x28,
 * 0x2E, 0xA1, SL4X 0x34), LBS + Wi-Fi (0x2C, 0x33, 0xA2, 0xA9 with an alarm) and the older
 * Wi-Fi packets with a BCD time (0x17, 0x69, 0xF3). Each becomes an invalid position with
 * positionType 'lbs' or 'wifi' (message.ts).
 */
import { ByteReader, deviceTime, type CellTower, type DeviceStatus, type LocationMessage } from '../codec';
import { buildRawGt06Reply } from './encoder';
import { toLocation, type Gt06Context } from './message';
import { GT06_PROTOCOL as P } from './numbers';
import { macAddress, readDate, readWifi } from './read';
import { addAlarm, gt06AlarmFromCode } from './status';

const MULTI_LBS = new Set<number>([
  P.lbsExtend,
  P.lbsMultiple3,
  P.lbsMultiple1,
  P.lbsWifi,
  P.lbsMultiple2,
  P.lbs2,
  P.wifi3,
  P.wifiAlarm,
]);
/** Multi-LBS packets that end after the timing advance, with no Wi-Fi list. */
const NO_WIFI = new Set<number>([P.lbsMultiple1, P.lbsMultiple2, P.lbsMultiple3, P.lbs2, P.x1Gps]);

/** Whether this module decodes the frame; the GPS variants of shared numbers are elsewhere. */
export function isLbsWifiPacket(ctx: Pick<Gt06Context, 'f' | 'variant'>): boolean {
  const { f, variant } = ctx;
  if (f.protocol === P.wifi3) return variant !== 'lw4g';
  if (f.protocol === P.lbsMultiple3) return variant !== 'sr411';
  if (f.protocol === P.wifi5) return !f.extended;
  if (f.protocol === P.x1Gps) return variant === 'sl4x';
  if (f.protocol === P.wifi) return variant !== 'rfid';
  return MULTI_LBS.has(f.protocol) || f.protocol === P.wifi2 || f.protocol === P.wifi4;
}

const u64 = (r: ByteReader) => r.u32() * 2 ** 32 + r.u32();

/** Time, (timing advance,) MCC/MNC, a cell list, timing advance, then Wi-Fi and an alarm code. */
function decodeMultiLbs(ctx: Gt06Context): LocationMessage {
  const { f, variant: v } = ctx;
  const p = f.protocol;
  const r = new ByteReader(f.body);
  const time = readDate(r, ctx.tz);
  const taFirst = v === 'wanwayS20' || v === 'sl4x';
  if (taFirst) r.skip(1);
  const mccWord = r.u16();
  const mcc = mccWord & 0x7fff;
  const mnc = mccWord & 0x8000 || v === 'sl4x' ? r.u16() : r.u8();
  const cell4g = p === P.wifiAlarm && r.u8() > 0;
  const count = v === 'wanwayS20' || p === P.wifiAlarm ? r.u8() : p === P.wifi5 ? 6 : 7;
  const cells: CellTower[] = [];
  for (let i = 0; i < count; i++) {
    let lac: number;
    let cid: number;
    if (p === P.lbs2 || p === P.wifi3 || cell4g) {
      lac = r.u32();
      cid = u64(r);
    } else if (p === P.wifi5 || p === P.x1Gps) {
      lac = r.u16();
      cid = r.u32();
    } else {
      lac = r.u16();
      cid = r.u24();
    }
    const rssi = -r.u8();
    if (lac > 0) cells.push({ mcc, mnc, lac, cid, rssi });
  }
  if (!taFirst && r.remaining > 0) r.skip(1); // timing advance
  const status: DeviceStatus = {};
  let wifi = undefined;
  if (!NO_WIFI.has(p) && r.remaining > 0) wifi = readWifi(r, r.u8());
  if (p === P.wifiAlarm && r.remaining >= 2) {
    const alarm = r.u8();
    const language = r.u8();
    addAlarm(status, gt06AlarmFromCode(((language >> 4) << 8) | alarm));
  }
  return toLocation(ctx, null, status, { cells, wifi }, time);
}

/** BCD YY MM DD hh mm ss (UTC), as the older Wi-Fi packets send it. */
function bcdTime(bytes: Buffer): Date | null {
  const hex = bytes.toString('hex');
  if (!/^\d{12}$/.test(hex)) return null;
  const [y, mo, d, h, mi, s] = [0, 2, 4, 6, 8, 10].map((i) => Number(hex.slice(i, i + 2)));
  return deviceTime(2000 + y, mo, d, h, mi, s, 0);
}

/**
 * 0x17/0x69: BCD time, access points (their count is the frame's length byte on this firmware),
 * then a cell list; answered with `78 78 00 <protocol> <time> 0D 0A`. 0xF3: time, count, then
 * per access point two bytes and a MAC; no answer.
 */
function decodeBcdWifi(ctx: Gt06Context): { message: LocationMessage; reply: Buffer | null } {
  const { f } = ctx;
  const old = f.protocol !== P.wifi4;
  // The older packets have neither serial nor CRC: their content runs to the 0D 0A.
  const r = old
    ? new ByteReader(ctx.frame, f.extended ? 5 : 4, ctx.frame.length - 2)
    : new ByteReader(f.body);
  const timeBytes = r.bytes(6);
  const count = old ? ctx.length : r.u8();
  const wifi = [];
  for (let i = 0; i < count && r.remaining >= (old ? 7 : 8); i++) {
    if (!old) r.skip(2);
    const mac = macAddress(r.bytes(6));
    wifi.push(old ? { mac, rssi: -r.u8() } : { mac });
  }
  const cells: CellTower[] = [];
  if (old && r.remaining >= 4) {
    const n = r.u8();
    const mcc = r.u16();
    const mnc = r.u8();
    for (let i = 0; i < n && r.remaining >= 5; i++)
      cells.push({ mcc, mnc, lac: r.u16(), cid: r.u16(), rssi: -r.u8() });
  }
  const message = toLocation(ctx, null, {}, { cells, wifi }, bcdTime(timeBytes));
  return { message, reply: old ? buildRawGt06Reply(f.protocol, timeBytes) : null };
}

export function decodeLbsWifiPacket(ctx: Gt06Context): { message: LocationMessage; reply: Buffer | null } {
  const p = ctx.f.protocol;
  if (p === P.wifi || p === P.wifi2 || p === P.wifi4) return decodeBcdWifi(ctx);
  return { message: decodeMultiLbs(ctx), reply: null };
}
