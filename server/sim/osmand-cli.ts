import { parseArgs } from 'node:util';
import { demoSpecs } from './fleet';
import { SimPhone } from './osmand-phone';

/**
 * npx tsx server/sim/osmand-cli.ts --devices N --interval SECONDS --url http://HOST:5055 --form query|json|mix
 * Plays the demo devices as phones running the Traccar Client (or OsmAnd) against a running
 * platform's OsmAnd listener.
 */
const { values } = parseArgs({
  options: {
    devices: { type: 'string', default: '10' },
    interval: { type: 'string', default: '10' },
    url: { type: 'string', default: `http://127.0.0.1:${process.env.OSMAND_PORT ?? '5055'}` },
    form: { type: 'string', default: 'mix' },
  },
});
const form = values.form!;
if (!['query', 'json', 'mix'].includes(form)) {
  console.error('--form must be query, json or mix');
  process.exit(2);
}
const phones = demoSpecs('mix')
  .slice(0, Number(values.devices))
  .map(
    (s, i) =>
      new SimPhone(
        { ...s, form: form === 'mix' ? (i % 2 ? 'json' : 'query') : (form as 'query' | 'json') },
        { url: values.url!.replace(/\/+$/, ''), intervalSec: Number(values.interval) },
      ),
  );
console.log(`Simulating ${phones.length} phones against ${values.url}, every ${values.interval} s`);
phones.forEach((p) => p.start());
const report = setInterval(() => {
  const sum = { sent: 0, accepted: 0, refused: 0, failed: 0 };
  for (const p of phones) for (const k of Object.keys(sum) as (keyof typeof sum)[]) sum[k] += p.stats[k];
  console.log(JSON.stringify(sum));
}, 10_000);
process.on('SIGINT', () => {
  clearInterval(report);
  phones.forEach((p) => p.stop());
  process.exit(0);
});
