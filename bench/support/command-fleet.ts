import { DEFAULT_SIM_OPTIONS, SimDevice, type SimOptions } from '../../server/sim/device';
import { mixedFleetMember } from '../terminal-ids';
import { percentile } from './stats';

/**
 * The trackers of bench:commands: N simulated devices (server/sim), GT06 and JT/T 808
 * alternating, over real TCP to the node `portsOf(i)` names. They log in (808: register and
 * authenticate), report positions only when told (`rate` a second each, spread over 50 ms
 * ticks as bench:ingest does), and answer every text command as real devices word it. Each
 * received command is timed, so the run can tell when the last one reached a tracker.
 */
export class MixedFleet {
  readonly sims: SimDevice[] = [];
  private timer: NodeJS.Timeout | null = null;
  /** Commands received per tracker, when each tracker's last one arrived, and the fleet's last. */
  readonly commandsOf: Uint16Array;
  readonly commandAt: Float64Array;
  lastCommandAt = 0;
  private indexOf = new Map<string, number>();

  constructor(
    readonly size: number,
    portsOf: (i: number) => SimOptions['ports'],
  ) {
    this.commandsOf = new Uint16Array(size);
    this.commandAt = new Float64Array(size);
    for (let i = 0; i < size; i++) {
      const m = mixedFleetMember(i);
      const sim = new SimDevice(
        {
          terminalId: m.terminalId,
          family: m.family,
          lat: 39.9 + (i % 100) * 0.001,
          lon: 116.4 + (i % 77) * 0.001,
          seed: 1 + i,
        },
        // No timers and no random alarms: the fleet reports on the bench's clock, as in bench:ingest.
        { ...DEFAULT_SIM_OPTIONS, ports: portsOf(i), alarmChance: 0, manual: true, reconnect: true },
      );
      // The simulator answers in the same turn, so this is also when its reply left.
      sim.onCommand = () => {
        this.commandsOf[i]++;
        this.lastCommandAt = this.commandAt[i] = Date.now();
      };
      this.sims.push(sim);
      this.indexOf.set(m.terminalId, i);
    }
  }

  /** Opens every connection, 500 every 50 ms, as a fleet reconnecting after a restart would. */
  async connect() {
    for (let i = 0; i < this.size; i++) {
      void this.sims[i].start();
      if (i % 500 === 499) await new Promise((r) => setTimeout(r, 50));
    }
  }

  get connected() {
    return this.sims.reduce((n, s) => n + (s.connected ? 1 : 0), 0);
  }

  get reconnects() {
    return this.sims.reduce((n, s) => n + Math.max(0, s.stats.connects - 1), 0);
  }

  /** Position frames sent since the start. */
  sent = 0;

  /** Each tick sends the frames due in it, round-robin over the fleet. */
  report(rate: number) {
    const tickMs = 50;
    let due = 0;
    let last = Date.now();
    let cursor = 0;
    this.timer = setInterval(() => {
      const now = Date.now();
      due += ((now - last) * rate * this.size) / 1000;
      last = now;
      for (; due >= 1; due--) {
        const sim = this.sims[cursor++ % this.size];
        if (!sim.connected) continue;
        sim.report(now);
        this.sent++;
      }
    }, tickMs);
  }

  /** Commands received in all, and by how many trackers (more than one each: a resend). */
  commandTally() {
    let total = 0;
    let trackers = 0;
    let repeated = 0;
    for (const c of this.commandsOf) {
      total += c;
      if (c > 0) trackers++;
      if (c > 1) repeated++;
    }
    return { total, trackers, repeated };
  }

  /**
   * Of items the server classified timeout: how many commands reached their tracker (which
   * answered at once), and the delay from the server's send to that arrival.
   */
  reached(items: { terminalId: string; sentAt: number | null }[]) {
    const delays: number[] = [];
    for (const it of items) {
      const at = this.commandAt[this.indexOf.get(it.terminalId) ?? -1];
      if (at && it.sentAt != null) delays.push(at - it.sentAt);
    }
    return {
      timedOut: items.length,
      reached: delays.length,
      delayP50: percentile(delays, 50),
      delayMax: Math.max(0, ...delays),
    };
  }

  resetCommands() {
    this.commandsOf.fill(0);
    this.commandAt.fill(0);
    this.lastCommandAt = 0;
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    for (const s of this.sims) s.stop();
  }
}
