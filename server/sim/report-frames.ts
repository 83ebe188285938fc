import { gt06Alarm, gt06Alarm4g, gt06Location, gt06Location4g, type Fix } from './gt06-frames';
import { jt808AlarmStatus, jt808Location, jt808LocationParts } from './jt808-frames';

/** One periodic report: its frame for a serial, and how many serials it takes. */
export interface ReportFrame {
  frame: (serial: number) => Buffer;
  serials: number;
}

interface Drive {
  speed: number;
  mileageKm: number;
}

/**
 * A GT06 report: terminals ending in an odd digit speak the 4G packets (0xA0, 0xA4), the others
 * 0x12/0x16; an alarm is an overspeed above 120 km/h, else an SOS.
 */
export function gt06Report(terminalId: string, fix: Fix, drive: Drive, alarm: boolean): ReportFrame {
  const fourG = Number(terminalId.slice(-1)) % 2 === 1;
  const code = drive.speed > 120 ? 0x06 : 0x03;
  const status = { acc: drive.speed > 0, mileageKm: drive.mileageKm };
  const frame = fourG
    ? (serial: number) => (alarm ? gt06Alarm4g(fix, code, serial) : gt06Location4g(fix, status, serial))
    : (serial: number) => (alarm ? gt06Alarm(fix, code, serial) : gt06Location(fix, serial));
  return { frame, serials: 1 };
}

/**
 * A JT/T 808 report with the given extra items (a TPMS reading); alarms go out in two
 * sub-packages, so the platform's reassembly is driven as well.
 */
export function jt808Report(
  terminalId: string,
  fix: Fix,
  drive: Drive,
  alarm: boolean,
  items: Buffer[],
): ReportFrame {
  const raised = alarm ? jt808AlarmStatus(drive.speed) : { alarmFlags: 0, extras: [] };
  const extras = [...items, ...(raised.extras ?? [])];
  const status = { acc: drive.speed > 0, alarmFlags: raised.alarmFlags, mileageKm: drive.mileageKm, extras };
  return alarm
    ? { frame: (serial) => jt808LocationParts(terminalId, fix, status, serial, 2), serials: 2 }
    : { frame: (serial) => jt808Location(terminalId, fix, status, serial), serials: 1 };
}
