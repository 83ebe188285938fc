import { parseArgs } from 'node:util';
import { DEFAULT_SIM_OPTIONS, type Family } from './device';
import { demoSpecs, SimFleet } from './fleet';

/**
 * npm run simulate -- --devices N --protocol gt06|jt808|teltonika|mix --interval SECONDS --host H
 * Plays the demo devices against a running platform over real TCP. The demo fleet has no
 * Teltonika devices: `teltonika` plays its GT06 ones (15-digit IMEIs) as Teltonika trackers.
 */
const { values } = parseArgs({
  options: {
    devices: { type: 'string', default: '50' },
    protocol: { type: 'string', default: 'mix' },
    interval: { type: 'string', default: '10' },
    host: { type: 'string', default: '127.0.0.1' },
    'gt06-port': { type: 'string', default: process.env.GT06_PORT ?? '5023' },
    'jt808-port': { type: 'string', default: process.env.JT808_PORT ?? '5015' },
    'teltonika-port': { type: 'string', default: process.env.TELTONIKA_PORT ?? '5027' },
  },
});

const protocol = values.protocol as Family | 'mix';
if (!['gt06', 'jt808', 'teltonika', 'mix'].includes(protocol)) {
  console.error('--protocol must be gt06, jt808, teltonika or mix');
  process.exit(2);
}
const specs = (
  protocol === 'teltonika'
    ? demoSpecs('gt06').map((s) => ({ ...s, family: 'teltonika' as const }))
    : demoSpecs(protocol)
).slice(0, Number(values.devices));
const fleet = new SimFleet(specs, {
  ...DEFAULT_SIM_OPTIONS,
  host: values.host!,
  ports: {
    gt06: Number(values['gt06-port']),
    jt808: Number(values['jt808-port']),
    teltonika: Number(values['teltonika-port']),
  },
  intervalSec: Number(values.interval),
});
console.log(
  `Simulating ${specs.length} demo devices (${protocol}) against ${values.host}, every ${values.interval} s`,
);
await fleet.start();
const report = setInterval(() => console.log(JSON.stringify(fleet.stats)), 10_000);
process.on('SIGINT', () => {
  clearInterval(report);
  fleet.stop();
  process.exit(0);
});
