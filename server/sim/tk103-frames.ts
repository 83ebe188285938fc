/**
 * A simulated TK103 tracker's side of the wire: BP05 login, BR00 reports (BO01 with SOS when
 * the report raises an alarm), BP00 handshakes, and a reader of what the server sends (AP05
 * login answer, AS01 alarm acks, command frames). Frames come from the codec's own builders.
 */
import {
  createTk103Splitter,
  readHead,
  tk103AlarmFrame,
  tk103AnswerFrame,
  tk103HandshakeFrame,
  tk103LoginFrame,
  tk103PositionFrame,
  type Tk103Position,
} from '../gateway/tk103';
import type { SimDriver, SimServerEvent, SimServerReader } from './driver';
import type { Fix } from './gt06-frames';
import type { SimStatus } from './driver';

/** The alarm the simulator raises: BO01 code 2, SOS. */
export const TK103_SIM_ALARM_CODE = '2';

export function tk103SimPosition(fix: Fix, status: SimStatus): Tk103Position {
  return {
    time: fix.time,
    valid: fix.valid ?? true,
    latitude: fix.lat,
    longitude: fix.lon,
    speed: fix.speed,
    course: fix.course,
    acc: status.acc,
    mileageKm: status.mileageKm,
  };
}

/** Server frames as the tracker understands them. */
export function tk103ServerReader(): SimServerReader {
  const splitter = createTk103Splitter();
  return {
    push(chunk) {
      const events: SimServerEvent[] = [];
      for (const frame of splitter.push(chunk)) {
        const head = readHead(frame.toString('latin1'));
        if (!head) continue;
        if (head.code === 'AP05') events.push({ kind: 'accepted' });
        // The alarm ack names no serial: it answers the oldest report waiting.
        else if (head.code === 'AS01') events.push({ kind: 'ack' });
        // AP01 answers the handshake: nothing to do until the next one.
        else if (head.code !== 'AP01')
          events.push({ kind: 'command', text: `${head.code}${head.body}`, ref: head.code });
      }
      return events;
    },
  };
}

/** The last position of each simulated tracker: AP00 (locate now) is answered with it. */
const lastPosition = new Map<string, Tk103Position>();

export const tk103SimDriver: SimDriver = {
  login: (id) => tk103LoginFrame(id),
  // The tracker repeats its login until AP05 comes back, and reports only then.
  readyOnConnect: false,
  acksReports: false,
  location: (id, fix, status) => {
    const p = tk103SimPosition(fix, status);
    lastPosition.set(id, p);
    return status.alarm ? tk103AlarmFrame(id, TK103_SIM_ALARM_CODE, p) : tk103PositionFrame(id, p);
  },
  heartbeat: (id) => tk103HandshakeFrame(id),
  reader: tk103ServerReader,
  // A real TK103 answers AP00 with a BP04 position, every other code with its B-counterpart.
  commandReply: (id, command, answer) => {
    const code = command.ref ?? command.text.slice(0, 4);
    const last = lastPosition.get(id);
    if (code === 'AP00' && last) return tk103PositionFrame(id, { ...last, time: new Date() }, 'BP04');
    return tk103AnswerFrame(id, code, answer);
  },
};
