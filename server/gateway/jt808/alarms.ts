/**
 * JT/T 808 alarms onto the one alarm vocabulary (src/domain/alarm-types.ts): the 32 bits of the
 * 0x0200 alarm word (JT/T 808-2013 table 24, the same in 2019) and the alarm extra items of the
 * standard, of JT/T 1078 (0x14) and of the active-safety extension (0x64 ADAS, 0x65 DSM,
 * 0x67 BSD, 0x70 intense driving). docs/protocols.md has the table.
 */
import type { AlarmType } from '../codec';

/**
 * Alarm word bits of 2011/2013 frames. Bits 15-17 are reserved in 2013; vendors use 15 for
 * vibration and 16/17 for tampering (Traccar reads them so), which we follow. Several bits may
 * share a name. 2019 frames: BY_BIT_2019.
 */
export const JT808_ALARM_BITS: ReadonlyArray<readonly [number, AlarmType]> = [
  [0, 'sos'], // emergency (alarm switch)
  [1, 'overspeed'],
  [2, 'fatigue'],
  [3, 'dangerWarning'],
  [4, 'fault'], // GNSS module fault
  [5, 'gpsAntennaCut'], // antenna not connected or cut
  [6, 'gpsAntennaShort'],
  [7, 'lowBattery'], // main power under-voltage
  [8, 'powerCut'], // main power off
  [9, 'fault'], // LCD or display
  [10, 'fault'], // TTS module
  [11, 'fault'], // camera
  [12, 'fault'], // road transport certificate IC card module
  [13, 'overspeed'], // overspeed warning (early)
  [14, 'fatigue'], // fatigue warning (early)
  [15, 'vibration'], // vendor
  [16, 'tampering'], // vendor
  [17, 'tampering'], // vendor
  [18, 'fatigue'], // cumulative driving time of the day exceeded
  [19, 'parking'], // parking overtime
  [20, 'geofence'], // in/out of area: item 0x12 gives the direction
  [21, 'geofence'], // in/out of route: item 0x12 gives the direction
  [22, 'routeDeviation'], // route segment driving time too short / too long (item 0x13)
  [23, 'routeDeviation'], // off route
  [24, 'fault'], // vehicle VSS (speed sensor)
  [25, 'fuelAbnormal'],
  [26, 'theft'], // stolen (anti-theft device)
  [27, 'illegalIgnition'],
  [28, 'movement'], // illegal displacement
  [29, 'collision'], // collision warning
  [30, 'rollover'], // rollover warning
  [31, 'door'], // illegal door opening
];

const BY_BIT: ReadonlyArray<AlarmType | undefined> = (() => {
  const out: Array<AlarmType | undefined> = new Array(32);
  for (const [bit, name] of JT808_ALARM_BITS) out[bit] = name;
  return out;
})();

/**
 * JT/T 808-2019 gives bits 15-17 meanings (illegal driving, tire pressure warning, right-turn
 * blind spot), widens bit 29 to collision or rollover and reserves bit 31 again.
 */
const BY_BIT_2019: ReadonlyArray<AlarmType | undefined> = Array.from({ length: 32 }, (_, bit) => {
  const changed: Record<number, AlarmType | undefined> = {
    15: 'dangerWarning',
    16: 'fault',
    17: 'blindSpot',
    31: undefined,
  };
  return bit in changed ? changed[bit] : BY_BIT[bit];
});

/**
 * The alarms of an alarm word, in bit order, each name once. With `status2019` (the status
 * word of a 2019 frame) its warning bits are added: 6 forward collision (AEBS), 7 lane departure.
 */
export function jt808Alarms(word: number, status2019?: number): AlarmType[] {
  const table = status2019 === undefined ? BY_BIT : BY_BIT_2019;
  const alarms: AlarmType[] = [];
  for (let bit = 0; bit < 32; bit++) {
    if (((word >>> bit) & 1) === 0) continue;
    const name = table[bit];
    if (name && !alarms.includes(name)) alarms.push(name);
  }
  if (status2019 !== undefined) {
    if (status2019 & 0x40 && !alarms.includes('collision')) alarms.push('collision');
    if (status2019 & 0x80 && !alarms.includes('laneChange')) alarms.push('laneChange');
  }
  return alarms;
}

/** JT/T 1078 item 0x14, video alarm bits: 0 signal loss, 1 occlusion, 2 storage, 3 other device, 4 bus overload, 5 abnormal driving, 6 recording threshold. */
export function videoAlarms(word: number): AlarmType[] {
  const out: AlarmType[] = [];
  if (word & 0b1111) out.push('fault');
  if (word & 0b100000) out.push('distraction');
  return out;
}

/**
 * Active-safety alarm types (Jiangsu T/JSATL12-2017 tables 4-15..4-21, also used by the Guangdong
 * variant): item id → alarm type byte → alarm. Types not listed (road sign recognised, active
 * capture, driver change) are events, not alarms; they stay in the attributes.
 */
const ACTIVE_SAFETY: Readonly<Record<number, Readonly<Record<number, AlarmType>>>> = {
  // ADAS: forward collision, lane departure, too close, pedestrian collision, frequent lane change, road sign overspeed, obstacle
  0x64: {
    0x01: 'collision',
    0x02: 'laneChange',
    0x03: 'collision',
    0x04: 'collision',
    0x05: 'laneChange',
    0x06: 'overspeed',
    0x07: 'collision',
  },
  // DSM: fatigue, phone call, smoking, distracted, driver absent or abnormal
  0x65: {
    0x01: 'fatigue',
    0x02: 'distraction',
    0x03: 'distraction',
    0x04: 'distraction',
    0x05: 'distraction',
  },
  // BSD: rear, left rear, right rear approach
  0x67: { 0x01: 'blindSpot', 0x02: 'blindSpot', 0x03: 'blindSpot' },
  // Intense driving (Hunan/Guangdong variants): hard acceleration, braking, cornering, then a crash
  0x70: { 0x01: 'hardAcceleration', 0x02: 'hardBraking', 0x03: 'hardCornering', 0x16: 'accident' },
};

export interface ActiveSafetyAlarm {
  alarmId: number;
  /** 0 no flag, 1 start, 2 end. */
  flag: number;
  type: number;
  alarm?: AlarmType;
}

/**
 * Items 0x64, 0x65, 0x67 and 0x70 start with alarm id (u32), flag status (u8) and alarm type
 * (u8); the rest (level, speed, place, time, identification) repeats the 0x0200 body or
 * identifies attachments. Null when the item is too short or not one of these ids.
 */
export function readActiveSafety(id: number, value: Buffer): ActiveSafetyAlarm | null {
  const table = ACTIVE_SAFETY[id];
  if (!table || value.length < 6) return null;
  const type = value[5];
  const out: ActiveSafetyAlarm = { alarmId: value.readUInt32BE(0), flag: value[4], type };
  // An "alarm end" flag closes an alarm already reported: it raises nothing new.
  if (out.flag !== 2 && table[type]) out.alarm = table[type];
  return out;
}

/** Adds alarms to a list without repeating a name. */
export function addAlarms(list: AlarmType[], more: readonly AlarmType[]): void {
  for (const a of more) if (!list.includes(a)) list.push(a);
}
