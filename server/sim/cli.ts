import { parseArgs } from 'node:util';
import { DEFAULT_SIM_OPTIONS, type Family } from './device';
import { demoSpecs, SimFleet } from './fleet';

/**
 * npm run simulate -- --devices N --protocol gt06|jt808|mix --interval SECONDS --host H
 * Plays the demo devices against a running platform over real TCP.
 */
const { values } = parseArgs({
  options: {
    devices: { type: 'string', default: '50' },
    protocol: { type: 'string', default: 'mix' },
    interval: { type: 'string', default: '10' },
    host: { type: 'string', default: '127.0.0.1' },
    'gt06-port': { type: 'string', default: process.env.GT06_PORT ?? '5023' },
    'jt808-port': { type: 'string', default: process.env.JT808_PORT ?? '5015' },
  },
});

const protocol = values.protocol as Family | 'mix';
if (!['gt06', 'jt808', 'mix'].includes(protocol)) {
  console.error('--protocol must be gt06, jt808 or mix');
  process.exit(2);
}
const specs = demoSpecs(protocol).slice(0, Number(values.devices));
const fleet = new SimFleet(specs, {
  ...DEFAULT_SIM_OPTIONS,
  host: values.host!,
  ports: { gt06: Number(values['gt06-port']), jt808: Number(values['jt808-port']) },
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
