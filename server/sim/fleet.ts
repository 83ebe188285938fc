import { DEVICE_STATE } from '../../src/domain/codes';
import { buildDemoFleet, type NewDeviceRow } from '../db/seed/devices';
import { TIRE_MODEL, tireWheels } from '../db/seed/tires';
import { PROTOCOL_FAMILY } from '../gateway/families';
import { SimDevice, type Family, type SimDeviceSpec, type SimOptions } from './device';

/**
 * The demo devices a simulator can play: those of the seeded fleet whose protocol one of our
 * gateways speaks, online ones first (so the demo's online vehicles keep moving). TPMS trucks
 * (model Tire) also report their tires.
 */
export function demoSpecs(filter: Family | 'mix' = 'mix'): SimDeviceSpec[] {
  const { devices } = buildDemoFleet(new Date());
  return simulatedOrder(devices, filter).map(({ d, family }, i) => ({
    terminalId: d.terminalId,
    family,
    lat: d.lat!,
    lon: d.lon!,
    seed: 1000 + i,
    ...(d.deviceType === TIRE_MODEL && { tireWheels: tireWheels(d.id!) }),
  }));
}

/**
 * The seeded devices in the order the simulator plays them (the first SIMULATOR_DEVICES move):
 * the demo seed puts its depot fences on the first of them.
 */
export function simulatedOrder(devices: readonly NewDeviceRow[], filter: Family | 'mix' = 'mix') {
  return devices
    .map((d) => ({ d, family: PROTOCOL_FAMILY[d.protocol] as Family }))
    .filter(({ d, family }) => family && d.lat != null && (filter === 'mix' || family === filter))
    .sort((a, b) => Number(b.d.state === DEVICE_STATE.online) - Number(a.d.state === DEVICE_STATE.online));
}

export class SimFleet {
  readonly devices: SimDevice[];

  constructor(specs: SimDeviceSpec[], opts: SimOptions) {
    this.devices = specs.map((s) => new SimDevice(s, opts));
  }

  /** Connects gradually so a large fleet does not arrive as one burst. */
  async start(perSecond = 500) {
    for (let i = 0; i < this.devices.length; i++) {
      await this.devices[i].start();
      if ((i + 1) % perSecond === 0) await new Promise((r) => setTimeout(r, 1000));
    }
  }

  stop() {
    for (const d of this.devices) d.stop();
  }

  get stats() {
    return this.devices.reduce(
      (a, d) => ({
        connected: a.connected + (d.connected ? 1 : 0),
        positions: a.positions + d.stats.positions,
        commands: a.commands + d.stats.commands,
      }),
      { connected: 0, positions: 0, commands: 0 },
    );
  }
}
