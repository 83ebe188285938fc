/**
 * Alarms that a protocol reports as a state: a JT/T 808 alarm word keeps its bits set in every
 * location report while the condition lasts (power cut, antenna cut, area exit...), so storing
 * every report's alarms would raise the same alarm every 30 s. Such alarms are raised when they
 * appear, i.e. when the previous state report of the connection did not carry them (what other
 * platforms call "ignore duplicate alarms"). Event alarms (a GT06 alarm packet) are not state.
 */
export function risingAlarms(previous: ReadonlySet<string>, current: readonly string[]): string[] {
  return current.filter((type) => !previous.has(type));
}

type AlarmFields = { alarm?: string; alarms?: readonly string[] };

const alarmsOf = (msg: AlarmFields): string[] => [...(msg.alarms ?? (msg.alarm ? [msg.alarm] : []))];

/**
 * Which alarms of one connection's frames to store, frame by frame. State reports (an 808 alarm
 * word) and heartbeats (GT06 0x13, H02 LINK) repeat an alarm while it lasts: each is stored when
 * it appears. Event frames (a GT06 alarm packet) are stored as they come, and a heartbeat that
 * still carries what one just reported (0x13 after a 0x16 SOS) is not stored again.
 */
export class ConnectionAlarms {
  /** The alarms of the last state report. */
  private state: ReadonlySet<string> = new Set();
  /** The alarms of the last heartbeat, and those event frames reported since. */
  private status: ReadonlySet<string> = new Set();

  /** A location or alarm frame: the alarm types to store now, the first the frame's main one. */
  fromLocation(msg: AlarmFields & { type: string; alarmsAreState?: boolean }): string[] {
    const current = alarmsOf(msg);
    if (msg.alarmsAreState) {
      const raised = risingAlarms(this.state, current);
      this.state = new Set(current);
      return raised;
    }
    if (msg.type !== 'alarm' && !msg.alarm) return [];
    const reported = current.length ? current : ['unknown'];
    this.status = new Set([...this.status, ...reported]);
    return reported;
  }

  /** A heartbeat or status frame: the alarm types to store now. */
  fromStatus(msg: AlarmFields): string[] {
    const current = alarmsOf(msg);
    const raised = risingAlarms(this.status, current);
    this.status = new Set(current);
    return raised;
  }
}
