import net from 'node:net';
import { gt06Location, gt06Login } from '../../server/sim/gt06-frames';

/**
 * GT06 trackers over real TCP for the monitor benchmark: each device logs in once, then
 * reports positions so that the whole fleet offers `rate` updates a second. Every update has a
 * fix time (1 s resolution in GT06) unique for its device, and the pump remembers when it sent
 * it, so the page's "positions applied" events can be matched to the send instant.
 */
export interface PumpDevice {
  terminalId: string;
  lat: number;
  lon: number;
}

export class Gt06Pump {
  private sockets: net.Socket[] = [];
  private lastFix: number[] = [];
  private timer: NodeJS.Timeout | null = null;
  private cursor = 0;
  private serial = 1;
  private stopping = false;
  /** `${terminalId}|${fix seconds}` → Date.now() when the frame was written. */
  readonly sent = new Map<string, number>();
  sentCount = 0;
  reconnects = 0;

  constructor(
    private port: number,
    private devices: PumpDevice[],
  ) {}

  /** Opens every connection and logs in, a few hundred at a time as a reconnecting fleet would. */
  async connect() {
    const open = (i: number) => {
      const s = net.connect(this.port, '127.0.0.1');
      s.setNoDelay(true);
      s.on('error', () => {});
      s.on('data', () => {});
      s.on('close', () => {
        if (this.stopping) return;
        this.reconnects++;
        setTimeout(() => open(i), 1000);
      });
      s.write(gt06Login(this.devices[i].terminalId, 1));
      this.sockets[i] = s;
    };
    for (let i = 0; i < this.devices.length; i++) {
      open(i);
      if (i % 250 === 249) await new Promise((r) => setTimeout(r, 25));
    }
    // A socket that fails (and reconnects later) must not hold the start up forever.
    await Promise.all(
      this.sockets.map((s) =>
        s.connecting ? new Promise((r) => (s.once('connect', r), s.once('close', r))) : null,
      ),
    );
  }

  /** Sends `rate` positions a second in 20 ms ticks, round-robin over the fleet. */
  start(rate: number) {
    const tickMs = 20;
    let due = 0;
    let last = Date.now();
    const n = this.devices.length;
    this.timer = setInterval(() => {
      const now = Date.now();
      due += ((now - last) * rate) / 1000;
      last = now;
      const nowSec = Math.floor(now / 1000);
      while (due >= 1) {
        due--;
        const i = this.cursor++ % n;
        const s = this.sockets[i];
        if (!s || s.connecting || s.destroyed) continue;
        const d = this.devices[i];
        // Unique per device: never the same second twice (the page reports fix times back).
        const fix = Math.max(nowSec, (this.lastFix[i] ?? 0) + 1);
        this.lastFix[i] = fix;
        const k = this.cursor / n;
        const frame = gt06Location(
          {
            time: new Date(fix * 1000),
            lat: d.lat + Math.sin(k) * 0.002,
            lon: d.lon + Math.cos(k) * 0.002,
            speed: 20 + (i % 60),
            course: (i * 37 + this.cursor) % 360,
          },
          (this.serial = (this.serial + 1) & 0xffff),
        );
        s.write(frame);
        this.sent.set(`${d.terminalId}|${fix}`, Date.now());
        this.sentCount++;
      }
    }, tickMs);
  }

  pause() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  close() {
    this.pause();
    this.stopping = true;
    for (const s of this.sockets) s?.destroy();
  }
}
