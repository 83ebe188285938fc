import { KMH_PER_KNOT, KMH_PER_MPS } from '../gateway/osmand/values';
import { seededRng, startVehicle, step, type Rng, type VehicleState } from './route';

export interface SimPhoneSpec {
  terminalId: string;
  lat: number;
  lon: number;
  seed: number;
  /** 'query': the OsmAnd GET of older Traccar Clients and OsmAnd; 'json': Traccar Client 9+. */
  form?: 'query' | 'json';
}

export interface SimPhoneOptions {
  /** Base URL of the OsmAnd listener, e.g. http://127.0.0.1:5055 */
  url: string;
  intervalSec: number;
  /** With manual, no timer: the caller sends with report(). */
  manual?: boolean;
}

/**
 * A phone running a tracking app (server/gateway/osmand): drives like a simulated vehicle and
 * reports every interval over HTTP, as OsmAnd's query string or the Traccar Client's JSON.
 * A fix the server did not take (no answer, 5xx, 429) is kept and sent again first, as the apps do.
 */
export class SimPhone {
  private rng: Rng;
  private vehicle: VehicleState;
  private timer: NodeJS.Timeout | null = null;
  private lastStep = Date.now();
  private battery = 100;
  /** Fixes waiting for a 200, oldest first. */
  readonly waiting: Array<{ time: Date; v: VehicleState; battery: number }> = [];
  stats = { sent: 0, accepted: 0, refused: 0, failed: 0 };

  constructor(
    readonly spec: SimPhoneSpec,
    private opts: SimPhoneOptions,
  ) {
    this.rng = seededRng(spec.seed);
    this.vehicle = startVehicle(spec.lat, spec.lon, this.rng);
  }

  start() {
    if (this.opts.manual || this.timer) return;
    this.timer = setInterval(() => void this.report(), this.opts.intervalSec * 1000);
    this.timer.unref();
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Takes a fix now and sends what is waiting; answers the HTTP status of the last request. */
  async report(now = new Date()): Promise<number> {
    this.vehicle = step(this.vehicle, Math.max(1, (now.getTime() - this.lastStep) / 1000), this.rng);
    this.lastStep = now.getTime();
    this.battery = Math.max(5, this.battery - 0.05);
    this.waiting.push({ time: now, v: this.vehicle, battery: Math.round(this.battery) });
    let status = 0;
    while (this.waiting.length) {
      status = await this.send(this.waiting[0]);
      // 4xx other than 429: the server will never take it; drop it as the apps do.
      if (status === 200 || (status >= 400 && status < 500 && status !== 429)) this.waiting.shift();
      else break;
    }
    return status;
  }

  private async send(fix: { time: Date; v: VehicleState; battery: number }): Promise<number> {
    this.stats.sent++;
    try {
      const res = await fetch(...this.request(fix));
      await res.arrayBuffer();
      if (res.status === 200) this.stats.accepted++;
      else this.stats.refused++;
      return res.status;
    } catch {
      this.stats.failed++;
      return 0;
    }
  }

  private request({
    time,
    v,
    battery,
  }: {
    time: Date;
    v: VehicleState;
    battery: number;
  }): [string, RequestInit] {
    const { terminalId } = this.spec;
    if (this.spec.form === 'json') {
      const body = {
        device_id: terminalId,
        location: {
          timestamp: time.toISOString(),
          coords: {
            latitude: round6(v.lat),
            longitude: round6(v.lon),
            speed: Math.round((v.speed / KMH_PER_MPS) * 100) / 100,
            heading: v.course,
            altitude: 40,
            accuracy: 5,
          },
          is_moving: v.speed > 0,
          odometer: Math.round(v.mileageKm * 1000),
          battery: { level: battery / 100, is_charging: false },
        },
      };
      return [
        this.opts.url,
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
      ];
    }
    const q = new URLSearchParams({
      id: terminalId,
      lat: String(round6(v.lat)),
      lon: String(round6(v.lon)),
      timestamp: String(Math.floor(time.getTime() / 1000)),
      speed: (v.speed / KMH_PER_KNOT).toFixed(2),
      bearing: String(v.course),
      altitude: '40',
      accuracy: '5',
      batt: String(battery),
    });
    return [`${this.opts.url}/?${q}`, { method: 'GET' }];
  }
}

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;
