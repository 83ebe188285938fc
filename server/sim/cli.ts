import { parseArgs } from 'node:util';
import { TCP_PROTOCOLS } from '../../src/domain/protocol-family';
import { TEXT_FAMILY_PORTS } from '../gateway/port-settings';
import { DEFAULT_SIM_OPTIONS, type Family } from './device';
import { demoSpecs, SimFleet } from './fleet';

/**
 * npm run simulate -- --devices N --protocol gt06|jt808|teltonika|h02|tk103|meitrack|mix
 *   --interval SECONDS --host H [--<family>-port P]
 * Plays the demo devices against a running platform over real TCP. The demo fleet has GT06 and
 * JT/T 808 devices only: the other families play its GT06 ones (15-digit IMEIs) as their trackers.
 */
const portFlags = {
  gt06: { env: 'GT06_PORT', default: 5023 },
  jt808: { env: 'JT808_PORT', default: 5015 },
  teltonika: { env: 'TELTONIKA_PORT', default: 5027 },
  ...TEXT_FAMILY_PORTS,
} satisfies Record<Family, { env: string; default: number }>;

const { values } = parseArgs({
  options: {
    devices: { type: 'string', default: '50' },
    protocol: { type: 'string', default: 'mix' },
    interval: { type: 'string', default: '10' },
    host: { type: 'string', default: '127.0.0.1' },
    ...Object.fromEntries(
      Object.entries(portFlags).map(([family, p]) => [
        `${family}-port`,
        { type: 'string' as const, default: process.env[p.env] ?? String(p.default) },
      ]),
    ),
  },
});

const protocol = values.protocol as Family | 'mix';
if (protocol !== 'mix' && !TCP_PROTOCOLS.includes(protocol)) {
  console.error(`--protocol must be ${TCP_PROTOCOLS.join(', ')} or mix`);
  process.exit(2);
}
const specs = (
  protocol === 'mix' || protocol === 'gt06' || protocol === 'jt808'
    ? demoSpecs(protocol)
    : demoSpecs('gt06').map((s) => ({ ...s, family: protocol }))
).slice(0, Number(values.devices));
const flags = values as Record<string, string | undefined>;
const ports = Object.fromEntries(
  Object.keys(portFlags).map((family) => [family, Number(flags[`${family}-port`])]),
) as Record<Family, number>;
const fleet = new SimFleet(specs, {
  ...DEFAULT_SIM_OPTIONS,
  host: values.host as string,
  ports,
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
