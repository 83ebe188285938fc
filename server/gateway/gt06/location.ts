/**
 * The GT06 packets built of the same blocks in the same order: GPS, one cell, the status bytes
 * (information, voltage, GSM, alarm code, language), then a model-specific tail. Which blocks a
 * protocol number has, and the tails, follow the Concox documents (GT06N, GT800, JM-VL01/VL03,
 * X3, LL301) and the variants other open decoders accept; docs/protocols.md has the table.
 */
import {
  ByteReader,
  type AlarmType,
  type CellTower,
  type DeviceStatus,
  type LocationMessage,
  type HeartbeatMessage,
} from '../codec';
import { toHeartbeat, toLocation, type Gt06Context } from './message';
import { GT06_PROTOCOL as P } from './numbers';
import { readCell, readGps } from './read';
import { addAlarm, decodeInfoByte, gt06AlarmFromCode, voltageLevelToPercent } from './status';

const GPS = new Set<number>([
  P.gps,
  P.gpsLbs6,
  P.gpsLbs,
  P.alarm,
  P.wifi,
  P.gpsPhone,
  P.gpsLbsExtend,
  P.gpsLbs2,
  P.gpsLbsDriver,
  P.alarm2,
  P.alarm3,
  P.gpsLbs4,
  P.gpsLbs5,
  P.alarm4,
  P.gpsLbs3,
  P.alarmModule,
  P.gpsLbs7,
  P.wifi3,
  P.fenceMulti,
  P.fenceSingle,
]);
const LBS = new Set<number>([
  P.gpsLbs6,
  P.gpsLbs,
  P.alarm,
  P.wifi,
  P.lbsStatus,
  P.gpsLbs2,
  P.gpsLbsDriver,
  P.alarm2,
  P.alarm3,
  P.gpsLbs4,
  P.gpsLbs5,
  P.alarm4,
  P.gpsLbs3,
  P.alarmModule,
  P.gpsLbs7,
  P.wifi3,
  P.fenceMulti,
  P.lbsAlarm,
  P.fenceSingle,
]);
const STATUS = new Set<number>([
  P.status,
  P.alarm,
  P.lbsStatus,
  P.alarm2,
  P.alarm3,
  P.alarm4,
  P.status2,
  P.alarmModule,
  P.wifi3,
  P.fenceMulti,
  P.lbsAlarm,
]);
/** Time (6), satellites (1), latitude and longitude (8), speed (1), course word (2). */
const GPS_BLOCK = 18;
/** Packets whose alarm code takes the language byte's high nibble as its high byte. */
const WIDE_ALARM = new Set<number>([P.alarm3, P.fenceMulti, P.alarmModule]);
/** TRX16i firmware gives two codes their own meaning (its protocol document). */
const TRX16I_CODES: ReadonlyMap<number, AlarmType> = new Map<number, AlarmType>([
  [0x09, 'geofence'],
  [0x0e, 'lowPower'],
]);
/** Packets with a language byte after the status bytes. */
const LANGUAGE = new Set<number>([P.status2, P.wifi3, P.alarm3, P.fenceMulti, P.alarmModule]);
/** Location packets with ACC, report reason and re-upload bytes after the cell. */
const ACC_TAIL = new Set<number>([P.gpsLbs2, P.gpsLbs3, P.gpsLbs4, P.gpsLbs5]);

/** Whether this module decodes the frame (0x17 and 0xA2 only in their GPS variants). */
export function isBlockPacket(ctx: Pick<Gt06Context, 'f' | 'variant'>): boolean {
  const p = ctx.f.protocol;
  if (p === P.wifi) return ctx.variant === 'rfid';
  if (p === P.wifi3) return ctx.variant === 'lw4g';
  if (p === P.status2) return !ctx.f.extended && ctx.variant !== 'trx16i';
  if (p === P.alarm4) return !ctx.f.extended;
  // SEEWORLD's 0xA3 status and SPACE10X's multi-LBS 0x19 are layouts we do not decode.
  if (p === P.fenceSingle || p === P.lbsStatus)
    return ctx.variant !== 'seeworld' && ctx.variant !== 'space10x';
  return GPS.has(p) || LBS.has(p) || STATUS.has(p);
}

/** Status and the fix fields a packet's tail may carry (mileage, altitude...). */
type Found = DeviceStatus & {
  mileage?: number;
  archived?: boolean;
  altitude?: number;
  satellites?: number;
  driverId?: string;
};

/** The status bytes: information, voltage level, GSM signal, alarm code. */
function readStatus(r: ByteReader, ctx: Gt06Context, status: Found): void {
  const p = ctx.f.protocol;
  const v = ctx.variant;
  if (p === P.wifi3) r.skip(1); // network type
  const info = decodeInfoByte(r.u8(), v === 'vxt01');
  const infoAlarms = info.alarms ?? [];
  delete info.alarms;
  delete info.alarm;
  Object.assign(status, info);
  if (v === 'obd6') {
    const signal = r.u16();
    status.satellites = ((signal >> 10) & 0x1f) + ((signal >> 5) & 0x1f);
    status.gsmSignal = signal & 0x1f;
    addAlarm(status, gt06AlarmFromCode(r.u8()));
    r.skip(1); // language
    status.battery = r.u8();
    const mode = r.u8();
    status.externalVoltage = r.u16() / 100;
    r.skip(3); // reserved, working time
    if (mode === 4 && r.remaining >= 2) status.temperature = r.i16() / 10;
  } else {
    if (p === P.wifi3) status.externalVoltage = r.u16() / 100;
    if (r.remaining > 0) {
      const battery = voltageLevelToPercent(r.u8());
      if (battery !== undefined) status.battery = battery;
    }
    if (r.remaining > 0) status.gsmSignal = r.u8();
    if (r.remaining > 0) {
      let code = r.u8();
      if (WIDE_ALARM.has(p) && r.remaining > 0) code += (r.buf[r.offset] >> 4) << 8;
      if (v !== 'vxt01')
        addAlarm(status, TRX16I_CODES.get(v === 'trx16i' ? code : -1) ?? gt06AlarmFromCode(code));
    }
  }
  for (const a of infoAlarms) addAlarm(status, a);
}

/** Tagged modules of the 4G status packets: type (2), length (1), value. */
function readModules(r: ByteReader, status: DeviceStatus, attrs: Record<string, unknown>): void {
  while (r.remaining >= 3) {
    const type = r.u16();
    const value = r.bytes(Math.min(r.u8(), r.remaining));
    if (type === 0x0018 && value.length >= 2) attrs.batteryVoltage = value.readUInt16BE(0) / 100;
    else if (type === 0x006a && value.length >= 1 && value[0] <= 100) status.battery = value[0];
    else if (type === 0x0032 && value.length >= 1) attrs.startupStatus = value[0];
  }
}

const temperatureByte = (b: number) => (b & 0x80 ? -(b & 0x7f) : b);

/** The model tails of 0x12 (VXT01, S5) and 0x22 (SEEWORLD). */
function readVariantTail(r: ByteReader, ctx: Gt06Context, status: Found, attrs: Record<string, unknown>) {
  const { variant: v, f } = ctx;
  if (f.protocol === P.gpsLbs && (v === 'vxt01' || v === 's5')) {
    const info = decodeInfoByte(r.u8(), v === 'vxt01');
    status.acc = info.acc;
    status.externalVoltage = r.u16() / 100;
    status.gsmSignal = r.u8();
    const code = r.u8();
    if (v === 's5') {
      addAlarm(status, gt06AlarmFromCode(code));
      attrs.oil = r.u16();
      status.temperature = temperatureByte(r.u8());
      status.mileage = (r.u32() * 10) / 1000;
    }
    for (const a of info.alarms ?? []) addAlarm(status, a);
  }
  if (f.protocol === P.gpsLbs2 && v === 'seeworld') {
    status.acc = r.u8() > 0;
    r.skip(2); // report mode, supplementary transmission
    status.mileage = r.u32() / 1000;
    r.skip(4); // travel time
    const t = r.u16();
    status.temperature = (t & 0x8000 ? -(t & 0x7fff) : t) / 100;
    attrs.humidity = r.u16() / 100;
  }
}

/** Decodes a block packet: a location (valid or not) or, for 0x13/0x36 without a cell, a heartbeat. */
export function decodeBlockPacket(ctx: Gt06Context): LocationMessage | HeartbeatMessage {
  const { f, variant: v } = ctx;
  const p = f.protocol;
  // GPS-only packets of firmware that sends no serial and CRC: the fix runs into those bytes.
  const short = GPS.has(p) && f.body.length < GPS_BLOCK && f.payload.length >= GPS_BLOCK;
  const r = new ByteReader(short ? f.payload : f.body);
  const status: Found = {};
  const attrs: Record<string, unknown> = {};
  if (v === 'imeiFirst') r.skip(8);
  const fix = GPS.has(p) ? readGps(r, ctx.tz, ctx.now) : null;
  if (fix?.acc !== undefined) status.acc = fix.acc;
  if (short && fix) {
    delete fix.acc;
    return toLocation(ctx, fix, status); // what follows the fix is too short for any block
  }
  let cell: CellTower | null = null;
  if (LBS.has(p) && r.remaining > 0) {
    const hasLength =
      STATUS.has(p) &&
      p !== P.lbsStatus &&
      p !== P.lbsAlarm &&
      p !== P.alarmModule &&
      p !== P.wifi3 &&
      !(p === P.alarm && v === 'vxt01');
    cell = readCell(r, p, v, hasLength);
  }
  if (STATUS.has(p) && r.remaining > 0) readStatus(r, ctx, status);
  if (LANGUAGE.has(p) && r.remaining > 0) r.skip(1);
  if (p === P.alarm && v === 'trx16i' && r.remaining >= 9) {
    r.skip(1); // language
    const rfid = r.bytes(8).toString('hex');
    if (!/^0+$/.test(rfid)) status.driverId = rfid;
  }
  if (p === P.status2 || p === P.alarmModule) readModules(r, status, attrs);
  if (p === P.wifi3 && r.remaining >= 18) {
    status.mileage = r.u32() / 1000;
    attrs.hours = r.u32(); // seconds of engine time
    r.skip(8); // terminal id
    attrs.input = r.u16();
  }
  readVariantTail(r, ctx, status, attrs);
  if (p === P.alarm4 && v === 'sl4x' && r.remaining >= 2) status.altitude = r.i16();
  if (ACC_TAIL.has(p) && r.remaining >= 3) {
    status.acc = r.u8() > 0;
    attrs.event = r.u8(); // report reason
    status.archived = r.u8() > 0;
    if (v === 'sl4x') {
      if (r.remaining > 2) status.mileage = r.u32() / 1000;
      if (r.remaining >= 2) status.altitude = r.i16();
    }
  }
  if (p === P.gpsLbs3 && r.remaining >= 3) {
    const module = r.u16();
    const value = r.bytes(Math.min(r.u8(), r.remaining));
    if (module === 0x27 && value.length >= 2) status.externalVoltage = value.readUInt16BE(0) / 100;
    if (module === 0x2e && value.length >= 4) status.mileage = value.readUInt32BE(0) / 1000;
  }
  if (p === P.wifi && v === 'rfid' && r.remaining >= 8) status.driverId = r.bytes(8).toString('hex');
  // Tails told apart by their size: ACC, upload mode, re-upload flag, then mileage (metres).
  if (r.remaining === 3 || r.remaining === 7) {
    status.acc = r.u8() > 0;
    r.skip(1);
    if (r.u8() > 0) status.archived = true;
  }
  if (r.remaining === 4) status.mileage = r.u32() / 1000;
  if ((p === P.alarm3 || p === P.fenceMulti) && r.remaining >= 1) attrs.fence = r.u8();

  if (!fix && !cell && (p === P.status || p === P.status2)) return toHeartbeat(ctx, status, attrs);
  if (fix) {
    // Fields of the tail belong to the fix; the status object carries them over.
    if (status.satellites !== undefined) fix.satellites = status.satellites;
    delete fix.acc;
  }
  return toLocation(ctx, fix, status, { cells: cell ? [cell] : [], attributes: attrs });
}
