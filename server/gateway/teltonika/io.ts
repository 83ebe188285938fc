/**
 * Teltonika AVL IO elements onto our status fields and the one alarm vocabulary
 * (src/domain/alarm-types.ts). Ids and scales: Teltonika wiki "FMB AVL ID" table, cross-checked
 * with what Traccar's decoder reads; anything not mapped is kept as attribute `io<id>`.
 */
import type { AlarmType, DeviceStatus } from '../codec';

export interface IoElement {
  id: number;
  /** Raw big-endian value bytes (1, 2, 4, 8 or, in Codec 8 Extended, any length). */
  value: Buffer;
}

export const TELTONIKA_IO = {
  din1: 1,
  analog1: 9,
  iccid1: 11,
  iccid2: 14,
  odometer: 16,
  gsmSignal: 21,
  bleTemp1: 25,
  externalVoltage: 66,
  batteryVoltage: 67,
  dallasTemp1: 72,
  iButton: 78,
  canFuelLitres: 84,
  canFuelPercent: 89,
  batteryLevel: 113,
  autoGeofence: 175,
  dout1: 179,
  tripOdometer: 199,
  alarm: 236,
  ignition: 239,
  movement: 240,
  towing: 246,
  crash: 247,
  jamming: 249,
  idling: 251,
  unplug: 252,
  greenDriving: 253,
  overspeeding: 255,
  gnssJamming: 318,
  door: 662,
} as const;

const IO = TELTONIKA_IO;

/** Elements read from their bytes, whatever their value. */
const BYTE_VALUED: ReadonlySet<number> = new Set([IO.iccid1, IO.iccid2, IO.iButton]);

/** Green driving type (IO 253): 1 acceleration, 2 braking, 3 cornering. */
const GREEN_DRIVING: Record<number, AlarmType> = { 1: 'hardAcceleration', 2: 'hardBraking', 3: 'hardCornering' };

/** Eventual IOs that raise an alarm whenever they carry a non-zero value. */
const ALARM_WHEN_SET: Partial<Record<number, AlarmType>> = {
  [IO.alarm]: 'general',
  [IO.towing]: 'tow',
  [IO.crash]: 'accident',
  [IO.jamming]: 'jamming',
  [IO.idling]: 'idle',
  [IO.unplug]: 'powerCut',
  [IO.overspeeding]: 'overspeed',
  // 0 GNSS ready, 1 jamming warning, 2 critical jamming.
  [IO.gnssJamming]: 'jamming',
};

/**
 * The unsigned value of a 1, 2, 4 or 8-byte element; NaN for variable-length (8 Extended NX)
 * elements and 8-byte values beyond 2^53, which are ids or data kept as hex.
 */
export function ioNumber(v: Buffer): number {
  if (v.length === 1 || v.length === 2 || v.length === 4) return v.readUIntBE(0, v.length);
  if (v.length !== 8) return NaN;
  const n = v.readBigUInt64BE(0);
  return n <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(n) : NaN;
}
const ioSigned = (v: Buffer): number => (v.length === 1 || v.length === 2 || v.length === 4 ? v.readIntBE(0, v.length) : NaN);
const ioDecimal = (v: Buffer): string => BigInt('0x' + (v.toString('hex') || '0')).toString();

export interface IoOutcome extends DeviceStatus {
  /** Odometer in km (IO 16 sends metres). */
  mileage?: number;
}

/** The status, alarms and attributes a record's IO elements carry. */
export function mapIoElements(elements: readonly IoElement[]): IoOutcome {
  const out: IoOutcome = {};
  const alarms: AlarmType[] = [];
  const attributes: Record<string, unknown> = {};
  let iccid1: string | undefined;
  let iccid2: string | undefined;
  for (const { id, value } of elements) {
    const n = ioNumber(value);
    // Data that is not a plain number (NX elements, huge values) is kept as it came, in hex.
    if (Number.isNaN(n) && !BYTE_VALUED.has(id)) {
      attributes[`io${id}`] = value.toString('hex');
      continue;
    }
    const alarm = ALARM_WHEN_SET[id];
    if (alarm) {
      if (n > 0) alarms.push(alarm);
      continue;
    }
    switch (id) {
      case IO.ignition:
        out.acc = n > 0;
        break;
      case IO.movement:
        attributes.motion = n > 0;
        break;
      case IO.gsmSignal:
        out.gsmSignal = n;
        break;
      case IO.externalVoltage:
        out.externalVoltage = n / 1000;
        break;
      case IO.batteryVoltage:
        attributes.batteryVoltage = n / 1000;
        break;
      case IO.batteryLevel:
        out.battery = n;
        break;
      case IO.odometer:
        out.mileage = n / 1000;
        break;
      case IO.tripOdometer:
        attributes.tripOdometer = n;
        break;
      case IO.iccid1:
        iccid1 = ioDecimal(value);
        break;
      case IO.iccid2:
        iccid2 = ioDecimal(value);
        break;
      case IO.dallasTemp1:
        out.temperature ??= ioSigned(value) / 10;
        break;
      case IO.bleTemp1:
        out.temperature ??= ioSigned(value) / 100;
        break;
      case IO.canFuelLitres:
        out.fuel = n / 10;
        break;
      case IO.canFuelPercent:
        attributes.fuelLevel = n;
        break;
      case IO.iButton: {
        // The key's 8 bytes arrive least significant first.
        if (!value.every((b) => b === 0)) out.driverId = Buffer.from(value).reverse().toString('hex').toUpperCase();
        break;
      }
      case IO.greenDriving: {
        const type = GREEN_DRIVING[n];
        if (type) alarms.push(type);
        break;
      }
      case IO.autoGeofence:
        alarms.push(n > 0 ? 'geofenceEnter' : 'geofenceExit');
        break;
      case IO.analog1:
        attributes.adc1 = n / 1000;
        break;
      case IO.din1:
        attributes.in1 = n > 0;
        break;
      case IO.dout1:
        attributes.out1 = n > 0;
        break;
      case IO.door:
        attributes.door = n > 0;
        break;
      default:
        attributes[`io${id}`] = n;
    }
  }
  // ICCID1 holds the leading digits, ICCID2 the rest (FMB firmware splits the 19-20 digits).
  if (iccid1 !== undefined) out.iccid = iccid1 + (iccid2 ?? '');
  if (alarms.length) {
    out.alarm = alarms[0];
    out.alarms = alarms;
  }
  if (Object.keys(attributes).length) out.attributes = attributes;
  return out;
}
