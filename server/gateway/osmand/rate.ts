import {
  OSMAND_FIXES_PER_WINDOW,
  OSMAND_RATE_WINDOW_MS,
  OSMAND_RECENT_TIMES,
  OSMAND_TRACKED_DEVICES_MAX,
} from './limits';

interface DeviceWindow {
  windowStart: number;
  count: number;
  /** Fix times (ms) stored lately, oldest first. */
  recent: number[];
}

export type Admission = 'store' | 'duplicate' | 'tooFast';

/**
 * Per-device admission of OsmAnd fixes: at most OSMAND_FIXES_PER_WINDOW per window, and a fix
 * whose time was stored lately is a duplicate (the app resends when an answer was lost). The
 * memory is bounded: past OSMAND_TRACKED_DEVICES_MAX devices the least recently seen go.
 */
export class FixAdmission {
  private devices = new Map<string, DeviceWindow>();

  constructor(
    private readonly limit = OSMAND_FIXES_PER_WINDOW,
    private readonly windowMs = OSMAND_RATE_WINDOW_MS,
    private readonly maxDevices = OSMAND_TRACKED_DEVICES_MAX,
  ) {}

  admit(terminalId: string, fixTime: Date, now = Date.now()): Admission {
    let w = this.devices.get(terminalId);
    if (w) this.devices.delete(terminalId);
    else w = { windowStart: now, count: 0, recent: [] };
    // Re-inserted: a Map iterates in insertion order, so the first key is the least recent.
    this.devices.set(terminalId, w);
    if (this.devices.size > this.maxDevices) this.devices.delete(this.devices.keys().next().value!);
    if (w.recent.includes(fixTime.getTime())) return 'duplicate';
    if (now - w.windowStart >= this.windowMs) {
      w.windowStart = now;
      w.count = 0;
    }
    if (w.count >= this.limit) return 'tooFast';
    w.count++;
    w.recent.push(fixTime.getTime());
    if (w.recent.length > OSMAND_RECENT_TIMES) w.recent.shift();
    return 'store';
  }

  get size() {
    return this.devices.size;
  }
}
