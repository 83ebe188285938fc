/**
 * npm run bench:decode [-- --frames 50000 --rounds 5]
 * The codecs alone, without sockets or a database: microseconds to split and to decode one
 * periodic report of each TCP family (the simulator's own frame), median of the rounds. It tells
 * a decoder's share of bench:ingest's CPU: at 10,000 reports/s, 100 µs a report is a whole core.
 */
import { parseArgs } from 'node:util';
import { TCP_PROTOCOLS } from '../src/domain/protocol-family';
import { CODECS } from '../server/gateway/families';
import { gt06Location } from '../server/sim/gt06-frames';
import { jt808Location } from '../server/sim/jt808-frames';
import { SIM_DRIVERS } from '../server/sim/drivers';
import type { Fix } from '../server/sim/gt06-frames';

const { values } = parseArgs({
  options: { frames: { type: 'string', default: '50000' }, rounds: { type: 'string', default: '5' } },
});
const frames = Number(values.frames);
const rounds = Number(values.rounds);
const ID = '865205030330012';
const fix: Fix = { time: new Date(), lat: 22.5, lon: 114.1, speed: 40, course: 90, satellites: 9 };

function reportOf(protocol: (typeof TCP_PROTOCOLS)[number]): Buffer {
  if (protocol === 'gt06') return gt06Location(fix, 1);
  if (protocol === 'jt808')
    return jt808Location('13511221122', fix, { acc: true, alarmFlags: 0, mileageKm: 12, extras: [] }, 1);
  return SIM_DRIVERS[protocol].location(ID, fix, { acc: true, mileageKm: 12, alarm: false }, 1);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const perFrameUs = (run: () => void) => {
  const t = performance.now();
  for (let i = 0; i < frames; i++) run();
  return ((performance.now() - t) * 1000) / frames;
};

console.log(`${frames} frames × ${rounds} rounds, Node ${process.version}`);
console.log('| protocol | bytes | split µs | decode µs | decodes/s on one core |');
console.log('|---|---|---|---|---|');
for (const protocol of TCP_PROTOCOLS) {
  const codec = CODECS[protocol];
  const frame = reportOf(protocol);
  const session = protocol === 'jt808' ? {} : { deviceId: ID };
  const splitter = codec.createSplitter();
  const split: number[] = [];
  const decode: number[] = [];
  for (let r = 0; r < rounds; r++) {
    split.push(perFrameUs(() => splitter.push(frame)));
    decode.push(perFrameUs(() => codec.decodeFrame(frame, session)));
  }
  const d = median(decode);
  console.log(
    `| ${protocol} | ${frame.length} | ${median(split).toFixed(1)} | ${d.toFixed(1)} | ${Math.round(1e6 / d).toLocaleString('en-US')} |`,
  );
}
