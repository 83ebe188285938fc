/**
 * CCE record parameters (MEITRACK T366/T399 GPRS Protocol, "CCE"; ids and scales cross-checked
 * with Traccar's MeitrackProtocolDecoder). A record is four groups of `id value` pairs whose
 * values are 1, 2, 4 bytes or `length u8` + bytes; all little-endian. Ids not mapped here are
 * kept as attribute `p<hex id>` when they are plain numbers.
 */
import {
  messageOf,
  type ByteReader,
  type CellTower,
  type LocationMessage,
  type WifiAccessPoint,
} from '../codec';
import { eventAlarm } from './events';
import { recordTime } from './record-time';

export interface CceParam {
  id: number;
  /** 1, 2, 4, or 0 for the variable-size group. */
  size: number;
  value: Buffer;
}

/** Ids of two bytes start with this byte. */
const EXTENDED = 0xfe;
const GROUP_SIZES = [1, 2, 4, 0] as const;
/** Unknown variable-size values up to this size are kept (hex); longer ones are padding or blobs. */
const UNKNOWN_KEPT_MAX = 32;

export const CCE = {
  event: 0x01,
  latitude: 0x02,
  longitude: 0x03,
  time: 0x04,
  valid: 0x05,
  satellites: 0x06,
  gsmSignal: 0x07,
  speed: 0x08,
  course: 0x09,
  hdop: 0x0a,
  altitude: 0x0b,
  mileage: 0x0c,
  runtime: 0x0d,
  output: 0x14,
  input: 0x15,
  adc1: 0x16,
  adc2: 0x17,
  battery: 0x19,
  externalPower: 0x1a,
  rfid: 0x25,
  fuel: 0x29,
  event16: 0x40,
  lock: 0x47,
  networkInfo: 0x4b,
  fuelPercent: 0x9d,
  batteryLevel: 0xfe69,
  hours: 0xfef4,
  alarmFile: 0xfe31,
  bleTag: 0xfe73,
  batteryLevels: 0xfea8,
} as const;

/** Variable-size ids: base station records and Wi-Fi access points, temperature probes. */
const CELL_IDS: ReadonlySet<number> = new Set([0x0e, 0x0f, 0x10, 0x12, 0x13]);
const isWifi = (id: number) => id >= 0x1d && id <= 0x25;
const isTemperature = (id: number) => id >= 0x2a && id <= 0x31;

export function readCceGroups(r: ByteReader): CceParam[] {
  const params: CceParam[] = [];
  for (const size of GROUP_SIZES) {
    const n = r.u8();
    for (let i = 0; i < n; i++) {
      const first = r.u8();
      const id = first === EXTENDED ? (first << 8) | r.u8() : first;
      const value = r.bytes(size || r.u8());
      params.push({ id, size, value });
    }
  }
  return params;
}

type Base = Pick<LocationMessage, 'protocol' | 'messageId' | 'serial' | 'checksumOk' | 'deviceId'>;

/** One CCE record as a location (or alarm) message. */
export function applyCceParams(
  params: readonly CceParam[],
  base: Base,
  now: Date,
  left: number,
): LocationMessage {
  const attributes: Record<string, unknown> = { cacheLeft: left };
  const cells: CellTower[] = [];
  const wifi: WifiAccessPoint[] = [];
  const msg = messageOf<LocationMessage>(base, {
    type: 'location',
    time: now,
    valid: false,
    latitude: 0,
    longitude: 0,
    speed: 0,
    course: 0,
    attributes,
  });
  let seconds: number | undefined;
  let fixValid = false;
  for (const { id, size, value } of params) {
    const u =
      size === 1
        ? value.readUInt8(0)
        : size === 2
          ? value.readUInt16LE(0)
          : size === 4
            ? value.readUInt32LE(0)
            : NaN;
    switch (size === 0 ? -1 : id) {
      case CCE.event:
      case CCE.event16:
        attributes.event = u;
        break;
      case CCE.valid:
        fixValid = u > 0;
        break;
      case CCE.satellites:
        msg.satellites = u;
        break;
      case CCE.gsmSignal:
        msg.gsmSignal = u;
        break;
      case CCE.output:
        attributes.output = u;
        break;
      case CCE.input:
        attributes.input = u;
        break;
      case CCE.lock:
        // 0 none, 1 unlocked, 2 locked (the lock models).
        if (u > 0) attributes.lock = u === 2;
        break;
      case CCE.fuelPercent:
        attributes.fuelLevel = u;
        break;
      case CCE.batteryLevel:
        msg.battery = u;
        break;
      case CCE.speed:
        msg.speed = u;
        break;
      case CCE.course:
        msg.course = u;
        break;
      case CCE.hdop:
        attributes.hdop = u / 10;
        break;
      case CCE.altitude:
        msg.altitude = value.readInt16LE(0);
        break;
      case CCE.adc1:
        attributes.adc1 = u / 100;
        break;
      case CCE.adc2:
        attributes.adc2 = u / 100;
        break;
      case CCE.battery:
        attributes.batteryVoltage = u / 100;
        break;
      case CCE.externalPower:
        msg.externalVoltage = u / 100;
        break;
      case CCE.fuel:
        attributes.fuelLevel = u / 100;
        break;
      case CCE.latitude:
        msg.latitude = value.readInt32LE(0) / 1e6;
        break;
      case CCE.longitude:
        msg.longitude = value.readInt32LE(0) / 1e6;
        break;
      case CCE.time:
        seconds = u;
        break;
      case CCE.mileage:
        msg.mileage = u / 1000;
        break;
      case CCE.runtime:
        attributes.runtime = u;
        break;
      case CCE.rfid:
        if (size === 4) msg.driverId = String(u);
        break;
      case CCE.hours:
        attributes.engineMinutes = u;
        break;
      case -1:
        readVariable(id, value, msg, cells, wifi, attributes);
        break;
      default:
        attributes[`p${id.toString(16)}`] = u;
    }
  }
  const time = seconds === undefined ? null : recordTime(seconds, now);
  msg.time = time ?? now;
  msg.valid = fixValid && time !== null;
  if (cells.length) msg.cells = cells;
  if (wifi.length) msg.wifi = wifi;
  const located = msg.latitude !== 0 || msg.longitude !== 0;
  msg.positionType = fixValid || located ? 'gps' : wifi.length ? 'wifi' : cells.length ? 'lbs' : 'gps';
  const alarm = typeof attributes.event === 'number' ? eventAlarm(attributes.event) : undefined;
  if (alarm) {
    msg.type = 'alarm';
    msg.alarm = alarm;
    msg.alarms = [alarm];
  }
  return msg;
}

function readVariable(
  id: number,
  v: Buffer,
  msg: LocationMessage,
  cells: CellTower[],
  wifi: WifiAccessPoint[],
  attributes: Record<string, unknown>,
) {
  if (CELL_IDS.has(id) && v.length >= 12) {
    cells.push({
      mcc: v.readUInt16LE(0),
      mnc: v.readUInt16LE(2),
      lac: v.readUInt16LE(4),
      cid: v.readUInt32LE(6),
      rssi: v.readInt16LE(10),
    });
  } else if (isWifi(id) && v.length >= 8) {
    const mac = [...v.subarray(0, 6)].map((b) => b.toString(16).padStart(2, '0')).join(':');
    wifi.push({ mac, rssi: v.readInt16LE(6) });
  } else if (isTemperature(id) && v.length >= 3) {
    // A label byte, then 1/100 degrees.
    const value = v.readInt16LE(1) / 100;
    attributes[`temp${id - 0x2a + 1}`] = value;
    msg.temperature ??= value;
  } else if (id === CCE.alarmFile && v.length >= 2) {
    attributes.alarmType = v[1];
    // Alarm protocol 2 names the picture taken with the alarm: yyyymmdd... .jpg
    const file = v.subarray(2).toString('latin1');
    if (v[0] === 0x02 && /^\d{8}/.test(file))
      attributes.image = `${file.slice(0, 4)}-${file.slice(4, 6)}-${file.slice(6, 8)}/${file}`;
  } else if (id === CCE.bleTag && v.length >= 2) {
    readBleTag(v, attributes);
  } else if (id === CCE.batteryLevels && v.length >= 6) {
    // Three (present, level) pairs: the device's own battery, then two extra packs.
    for (let k = 0; k < 3; k++) {
      if (v[k * 2] === 0) continue;
      if (k === 0) msg.battery = v[1];
      else attributes[`battery${k + 1}Level`] = v[k * 2 + 1];
    }
  } else if (id !== CCE.networkInfo && v.length <= UNKNOWN_KEPT_MAX) {
    attributes[`p${id.toString(16)}`] = v.toString('hex');
  }
}

/** A Bluetooth sensor tag: version, name, MAC, battery, temperature and humidity in 1/256. */
function readBleTag(v: Buffer, attributes: Record<string, unknown>) {
  const nameLength = v[1];
  const at = 2 + nameLength;
  if (v.length < at + 6 + 1 + 4) return;
  attributes.tagName = v.toString('latin1', 2, at);
  attributes.tagBattery = v[at + 6];
  attributes.tagTemp = v.readInt16LE(at + 7) / 256;
  attributes.tagHumidity = v.readInt16LE(at + 9) / 256;
}
