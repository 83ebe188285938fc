import { TIRE_EVENT, TIRE_THRESHOLDS, type TireSensorReading } from '../../src/domain/tire';
import type { Fix } from './gt06-frames';
import type { Rng } from './route';

/**
 * Tires of a simulated TPMS truck: cold pressures of 225-245 kPa that rise as the tires warm
 * with speed (25-60 deg C), sensor batteries that drain slowly, and now and then one wheel
 * with a slow leak until it is pumped up again. `item()` encodes JT/T 808 item 0x66 in the
 * Su-biao layout (16-byte alarm identification) that server/gateway/jt808/tpms.ts reads.
 */

interface Wheel {
  coldKpa: number;
  kpa: number;
  celsius: number;
  battery: number;
  /** kPa lost per minute while leaking; 0 when sound. */
  leakPerMin: number;
}

const AMBIENT_C = 25;
/** A report-to-report chance that some wheel starts to leak. */
const LEAK_CHANCE = 0.003;

const bcd = (n: number) => ((Math.floor(n / 10) % 10) << 4) | (n % 10);

function timeGmt8(t: Date): Buffer {
  const l = new Date(t.getTime() + 8 * 3600_000);
  return Buffer.from(
    [
      l.getUTCFullYear() % 100,
      l.getUTCMonth() + 1,
      l.getUTCDate(),
      l.getUTCHours(),
      l.getUTCMinutes(),
      l.getUTCSeconds(),
    ].map(bcd),
  );
}

export class SimTires {
  private wheels: Wheel[];
  private alarmId = 0;

  constructor(
    count: number,
    private rng: Rng,
    private terminalId = '',
  ) {
    const between = (lo: number, hi: number) => lo + this.rng.next() * (hi - lo);
    this.wheels = Array.from({ length: count }, () => {
      const coldKpa = Math.round(between(225, 245));
      return {
        coldKpa,
        kpa: coldKpa,
        celsius: AMBIENT_C,
        battery: Math.round(between(35, 100)),
        leakPerMin: 0,
      };
    });
    // Some trucks leave the yard with a wheel already losing air.
    if (this.rng.next() < 0.3) this.startLeak(205);
  }

  private startLeak(fromKpa?: number) {
    const w = this.wheels[Math.floor(this.rng.next() * this.wheels.length)];
    if (w.leakPerMin) return;
    w.leakPerMin = 1 + this.rng.next() * 3;
    if (fromKpa !== undefined) w.coldKpa = Math.min(w.coldKpa, fromKpa);
  }

  /** Advances `seconds` at `speedKmh`: temperatures follow the speed, pressures the temperature. */
  step(seconds: number, speedKmh: number) {
    if (this.rng.next() < LEAK_CHANCE) this.startLeak();
    const target = Math.min(60, AMBIENT_C + speedKmh * 0.35);
    // Tires warm and cool over minutes, not seconds.
    const k = 1 - Math.exp(-seconds / 600);
    for (const w of this.wheels) {
      w.celsius += (target + (this.rng.next() - 0.5) * 2 - w.celsius) * k;
      if (w.leakPerMin) {
        w.coldKpa -= (w.leakPerMin * seconds) / 60;
        // Pumped up again once the driver notices (near flat).
        if (w.coldKpa < TIRE_THRESHOLDS.leakKpa - 10) {
          w.coldKpa = 230 + Math.round(this.rng.next() * 10);
          w.leakPerMin = 0;
        }
      }
      // Gay-Lussac: pressure (absolute, ~100 kPa ambient) follows temperature in kelvin.
      w.kpa = (w.coldKpa + 100) * ((273 + w.celsius) / (273 + AMBIENT_C)) - 100;
      if (this.rng.next() < 0.001) w.battery = Math.max(5, w.battery - 1);
    }
  }

  /** What the terminal reports for each wheel now, alarms it would raise included. */
  readings(): TireSensorReading[] {
    const t = TIRE_THRESHOLDS;
    return this.wheels.map((w, position) => {
      const kpa = Math.round(w.kpa);
      const celsius = Math.round(w.celsius);
      let eventType = 1 << TIRE_EVENT.periodic;
      if (kpa < t.pressureLowKpa) eventType |= 1 << TIRE_EVENT.pressureLow;
      if (kpa > t.pressureHighKpa) eventType |= 1 << TIRE_EVENT.pressureHigh;
      if (w.leakPerMin) eventType |= 1 << TIRE_EVENT.slowLeak;
      if (celsius > t.temperatureHighC) eventType |= 1 << TIRE_EVENT.temperatureHigh;
      if (w.battery < t.batteryLowPct) eventType |= 1 << TIRE_EVENT.batteryLow;
      return { position, eventType, pressureKpa: kpa, temperatureC: celsius, batteryPct: w.battery };
    });
  }

  /** Item 0x66 (id, length, value) for a position at `fix`. */
  item(fix: Fix): Buffer {
    const readings = this.readings();
    const head = Buffer.alloc(24);
    this.alarmId = (this.alarmId + 1) >>> 0;
    head.writeUInt32BE(this.alarmId, 0);
    head[4] = 0; // flag: not an alarm start or end, a report
    head[5] = Math.min(255, Math.round(fix.speed));
    head.writeUInt16BE(50, 6);
    head.writeUInt32BE(Math.round(Math.abs(fix.lat) * 1e6), 8);
    head.writeUInt32BE(Math.round(Math.abs(fix.lon) * 1e6), 12);
    const time = timeGmt8(fix.time);
    time.copy(head, 16);
    head.writeUInt16BE(fix.speed > 0 ? 1 : 0, 22);
    const ident = Buffer.alloc(16);
    ident.write(this.terminalId.slice(-7).padStart(7, '0'), 0, 'latin1');
    time.copy(ident, 7);
    const events = readings.map((r) => {
      const e = Buffer.alloc(9);
      e[0] = r.position;
      e.writeUInt16BE(r.eventType, 1);
      e.writeUInt16BE(r.pressureKpa!, 3);
      e.writeUInt16BE(r.temperatureC! & 0xffff, 5);
      e.writeUInt16BE(r.batteryPct!, 7);
      return e;
    });
    const value = Buffer.concat([head, ident, Buffer.of(events.length), ...events]);
    return Buffer.concat([Buffer.of(0x66, value.length), value]);
  }
}
