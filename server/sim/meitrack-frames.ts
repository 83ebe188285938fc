/**
 * A simulated Meitrack tracker's side of the wire: AAA reports (event 35 by interval, 1 SOS for
 * an alarm, 3/11 when the ignition changes), answers named like the command,
 * and a reader for what the server sends (`@@` command packets, CCC/AAC acks).
 */
import {
  encodeMeitrackAnswer,
  encodeMeitrackReport,
  MEITRACK_EVENT,
  type MeitrackReport,
} from '../gateway/meitrack';
import type { SimDriver, SimServerEvent, SimServerReader, SimStatus } from './driver';
import type { Fix } from './gt06-frames';

/** The simulated vehicle's supply and signal, as a T366 reports them. */
const SIM_POWER = { battery: 4.1, externalVoltage: 12.6, gsmSignal: 24 } as const;
/** Bit 2 of the input byte: input 3, the ignition line of the vehicle models. */
const INPUT_IGNITION = 0x04;

/** The AAA report a tracker sends for `fix`; `lastAcc` (the previous report's) picks the ignition events. */
export function meitrackReport(fix: Fix, status: SimStatus, lastAcc?: boolean): MeitrackReport {
  let event: number = MEITRACK_EVENT.trackByInterval;
  if (status.alarm) event = MEITRACK_EVENT.sos;
  // The first report of a run and every ignition change say the ignition state.
  else if (lastAcc !== status.acc)
    event = status.acc ? MEITRACK_EVENT.ignitionOn : MEITRACK_EVENT.ignitionOff;
  return {
    event,
    time: fix.time,
    latitude: fix.lat,
    longitude: fix.lon,
    valid: fix.valid ?? true,
    satellites: fix.satellites ?? 0,
    speed: fix.speed,
    course: fix.course,
    mileage: Math.round(status.mileageKm * 1000),
    input: status.acc ? INPUT_IGNITION : 0,
    cell: { mcc: 460, mnc: 0, lac: 0x27ba, cid: 0x0dcc },
    ...SIM_POWER,
  };
}

/** One server packet as the tracker reads it. */
export interface ServerPacket {
  id: string;
  command: string;
  /** What follows the command (its parameters), without the comma. */
  params: string;
}

/** Cuts the server's stream into `@@...*XX\r\n` packets; garbage before a mark is dropped. */
export class MeitrackServerReader {
  private buf = Buffer.alloc(0);

  push(chunk: Buffer): ServerPacket[] {
    this.buf = Buffer.concat([this.buf, chunk]);
    const out: ServerPacket[] = [];
    for (;;) {
      const start = this.buf.indexOf('@@', 0, 'latin1');
      if (start < 0) {
        this.buf = this.buf.subarray(Math.max(0, this.buf.length - 1));
        break;
      }
      const end = this.buf.indexOf('\r\n', start, 'latin1');
      if (end < 0) {
        this.buf = this.buf.subarray(start);
        break;
      }
      const packet = parseServerPacket(this.buf.toString('latin1', start, end));
      if (packet) out.push(packet);
      this.buf = this.buf.subarray(end + 2);
    }
    return out;
  }
}

/** `@@<flag><len>,<id>,<command>[,<params>]*<cs>`; null when it is not one. */
export function parseServerPacket(text: string): ServerPacket | null {
  const m = /^@@.\d+,([^,]+),([^,*]+)(?:,([^*]*))?\*[0-9A-Fa-f]{2}$/s.exec(text);
  return m ? { id: m[1], command: m[2], params: m[3] ?? '' } : null;
}

/** Server packets that acknowledge the device instead of commanding it. */
const ACK_COMMANDS: ReadonlySet<string> = new Set(['CCC', 'AAC']);

/** The simulated Meitrack tracker as a SimDriver: no login, AAA reports, `@@` commands. */
export const meitrackSimDriver: SimDriver = {
  // The first report carries the IMEI; Meitrack trackers send no login.
  login: () => null,
  readyOnConnect: true,
  acksReports: false,
  location: (id, fix, status) => simReport(id, fix, status),
  // Meitrack's heartbeat is an AAA report (event 31) in deep sleep only; the periodic
  // reports keep the link of a moving tracker.
  heartbeat: () => null,
  reader: (): SimServerReader => {
    const reader = new MeitrackServerReader();
    return {
      push: (chunk) =>
        reader.push(chunk).map((p): SimServerEvent => {
          if (ACK_COMMANDS.has(p.command)) return { kind: 'ack', count: Number(p.params) || 0 };
          return { kind: 'command', text: p.params ? `${p.command},${p.params}` : p.command, ref: p.command };
        }),
    };
  },
  commandReply: (id, command, answer) =>
    encodeMeitrackAnswer(id, command.ref ?? command.text.split(',')[0], answer),
};

/** Each simulated device's ignition as its last report said it, for the 3/11 events. */
const reportedAcc = new Map<string, boolean>();

function simReport(id: string, fix: Fix, status: SimStatus): Buffer {
  const report = meitrackReport(fix, status, reportedAcc.get(id));
  if (report.event === MEITRACK_EVENT.ignitionOn || report.event === MEITRACK_EVENT.ignitionOff)
    reportedAcc.set(id, status.acc);
  return encodeMeitrackReport(id, report);
}
