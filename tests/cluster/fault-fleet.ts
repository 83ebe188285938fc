import { sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { DEFAULT_SIM_OPTIONS, SimDevice, type SimOptions } from '../../server/sim/device';

/**
 * The trackers of the fault tests: JT/T 808 terminals (the protocol acks every position, and
 * the gateway acks only once it is committed) that keep each position until it is acked, resend
 * the rest after reconnecting, and fail over between the gateways' ports.
 */
export interface FleetMember {
  terminalId: string;
  /** Gateway ports in the order this tracker tries them. */
  ports: number[];
}

/** Retry time of the fault fleet: 1 s plus up to 1 s of jitter. */
export const RETRY_MS = 1000;
export const RETRY_JITTER_MS = 1000;

export function faultFleet(members: FleetMember[], extra: Partial<SimOptions> = {}): SimDevice[] {
  return members.map(
    (m, i) =>
      new SimDevice(
        {
          terminalId: m.terminalId,
          family: 'jt808',
          lat: 22.5 + (i % 100) * 0.001,
          lon: 114 + i * 1e-5,
          seed: i,
        },
        {
          ...DEFAULT_SIM_OPTIONS,
          ports: { gt06: 0, jt808: m.ports[0] },
          failoverPorts: { jt808: m.ports.slice(1) },
          manual: true,
          reconnect: true,
          retryMs: RETRY_MS,
          retryJitterMs: RETRY_JITTER_MS,
          keepUnacked: true,
          alarmChance: 0,
          ...extra,
        },
      ),
  );
}

/** Connects the fleet a few hundred a second, and waits until every tracker reports. */
export async function connectFleet(devices: SimDevice[], perSecond = 400, ms = 60_000) {
  for (let i = 0; i < devices.length; i++) {
    void devices[i].start();
    if (i % perSecond === perSecond - 1) await new Promise((r) => setTimeout(r, 1000));
  }
  const end = Date.now() + ms;
  while (devices.some((d) => !d.ready)) {
    if (Date.now() > end) throw new Error(`${devices.filter((d) => !d.ready).length} trackers not ready`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Positions at `hz` per tracker, spread over 50 ms ticks. Each tracker's fix times are whole
 * seconds, never the same twice (a position is one row per device and fix time).
 */
export class LoadDriver {
  private timer: NodeJS.Timeout | null = null;
  private last = new Map<SimDevice, number>();
  private cursor = 0;
  private due = 0;

  constructor(
    private devices: SimDevice[],
    private hz = 1,
  ) {}

  start() {
    let prev = Date.now();
    this.timer = setInterval(() => {
      const now = Date.now();
      this.due += ((now - prev) * this.devices.length * this.hz) / 1000;
      prev = now;
      for (; this.due >= 1; this.due--) {
        const d = this.devices[this.cursor++ % this.devices.length];
        const fix = Math.max(Math.floor(now / 1000) * 1000, (this.last.get(d) ?? 0) + 1000);
        this.last.set(d, fix);
        d.report(fix);
      }
    }, 50);
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}

/** Waits until no tracker has a position waiting for its ack; answers how many still wait. */
export async function settle(devices: SimDevice[], ms: number): Promise<number> {
  const end = Date.now() + ms;
  const waiting = () => devices.reduce((n, d) => n + d.ledger!.unacked, 0);
  while (waiting() > 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 200));
  return waiting();
}

/** Stored rows per tracker and fix time (ms). */
export async function storedRows(db: Db, terminalIds: string[]): Promise<Map<string, Map<number, number>>> {
  const { rows } = await db.execute<{ terminal_id: string; ms: string; n: string }>(sql`
    SELECT d.terminal_id, (extract(epoch FROM p.fix_time) * 1000)::bigint AS ms, count(*) AS n
    FROM positions p JOIN devices d ON d.id = p.device_id
    WHERE d.terminal_id = ANY(${sql.param(terminalIds)}::varchar[])
    GROUP BY 1, 2`);
  const out = new Map<string, Map<number, number>>(terminalIds.map((t) => [t, new Map()]));
  for (const r of rows) out.get(r.terminal_id)!.set(Number(r.ms), Number(r.n));
  return out;
}

export interface Tally {
  /** Positions the trackers took. */
  sent: number;
  /** Of those, acknowledged by a gateway. */
  acked: number;
  /** Distinct positions stored, and rows beyond one per position. */
  stored: number;
  duplicates: number;
  /** Taken but not stored; acknowledged but not stored (must be 0); stored but never taken. */
  lost: number;
  lostAcked: number;
  phantom: number;
  /** Positions sent again after a reconnect (unacked when the connection went). */
  resent: number;
}

/** Compares what each tracker took and had acked with what the database holds. */
export function tally(devices: SimDevice[], stored: Map<string, Map<number, number>>): Tally {
  const t: Tally = {
    sent: 0,
    acked: 0,
    stored: 0,
    duplicates: 0,
    lost: 0,
    lostAcked: 0,
    phantom: 0,
    resent: 0,
  };
  for (const d of devices) {
    const l = d.ledger!;
    const rows = stored.get(d.spec.terminalId) ?? new Map<number, number>();
    t.sent += l.taken.size;
    t.acked += l.acked.size;
    t.resent += l.resent;
    t.stored += rows.size;
    for (const [ms, n] of rows) {
      t.duplicates += n - 1;
      if (!l.taken.has(ms)) t.phantom++;
    }
    for (const ms of l.taken) if (!rows.has(ms)) t.lost++;
    for (const ms of l.acked) if (!rows.has(ms)) t.lostAcked++;
  }
  return t;
}

export const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((s.length * p) / 100))] : 0;
};
