/**
 * Dev tool (not part of npm test): scores the GT06 and JT/T 808 codecs against the frames of
 * Traccar's decoder tests, through the code path of `npm run decode` (decodeHexInput).
 *
 *   npx tsx scripts/extract-traccar-frames.ts <traccar checkout> > /tmp/traccar-frames.json
 *   npx tsx scripts/score-traccar-frames.ts /tmp/traccar-frames.json [--verbose]
 *
 * Each protocol's frames share one session, like one connection; GT06 frames follow a login.
 * Reported: frames we refuse (ok:false); frames Traccar decodes to a position where we give
 * none or one failing Traccar's sanity checks (ProtocolTest: time 2000..now+25 h, latitude,
 * longitude, speed, course in range); frames whose alarm Traccar names and we miss. Frames under
 * a Traccar model override are decoded without it (we cannot know the model from the frame).
 * Other verifyAttribute checks are compared where we keep the value (ATTRIBUTE_FIELDS), as a
 * hint: some of Traccar's attributes we do not keep at all.
 */
import { readFileSync } from 'node:fs';
import type { CodecSession } from '../server/gateway/codec';
import { CODECS, decodeHexInput } from '../server/gateway/decode-frames';
import type { CorpusFrame } from './extract-traccar-frames';

/** A login that gives the GT06 session its device id (Traccar Gt06ProtocolDecoderTest). */
const GT06_LOGIN = '78780D01086471700328358100093F040D0A';

/** Traccar alarm names that we spell differently (src/domain/alarm-types.ts). */
const ALARM_ALIASES: Record<string, string> = { fatigueDriving: 'fatigue', lowspeed: 'lowSpeed' };

type Msg = Record<string, unknown>;

/** Where our messages keep a Traccar attribute; others are looked up in `attributes` by name. */
const ATTRIBUTE_FIELDS: Record<string, string[]> = {
  batteryLevel: ['battery'],
  power: ['externalVoltage'],
  battery: ['attributes.batteryVoltage'],
  ignition: ['acc'],
  iccid: ['iccid'],
  driverUniqueId: ['driverId'],
  temp1: ['temperature', 'attributes.temp1'],
  result: ['text', 'attributes.serialData', 'attributes.serialText'],
  serial: ['attributes.serialText'],
  networkTechnology: ['attributes.network'],
  driver: ['attributes.driverName'],
  cardCode: ['driverId'],
  sat: ['satellites'],
  charge: ['charging'],
  altitude: ['altitude'],
  fuel1: ['fuel', 'attributes.fuel1'],
};

function lookup(m: Msg, path: string): unknown {
  return path.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Msg)[k] : undefined), m);
}

function sameValue(want: unknown, got: unknown): boolean {
  if (typeof want === 'number' && typeof got === 'number') return Math.abs(want - got) < 0.011;
  if (typeof want === 'string' && typeof got === 'string') return want.toLowerCase() === got.toLowerCase();
  return want === got;
}

/** Null when some message has Traccar's value for `key`; else what we have. */
function attributeProblem(messages: Msg[], key: string, want: unknown): string | null {
  const paths = ATTRIBUTE_FIELDS[key] ?? [`attributes.${key}`];
  const got = messages.flatMap((m) => paths.map((p) => lookup(m, p))).filter((v) => v !== undefined);
  if (want === null ? got.length === 0 : got.some((g) => sameValue(want, g))) return null;
  return `attr ${key}: want ${JSON.stringify(want)}, got ${got.map((g) => JSON.stringify(g)).join('/') || 'none'}`;
}
interface Row {
  frame: CorpusFrame;
  type: string;
  ok: boolean;
  error?: string;
  messages: Msg[];
  problems: string[];
}

/** The message type: GT06 protocol number, 808 message id. */
function messageType(f: CorpusFrame): string {
  const h = f.hex.toLowerCase();
  if (f.protocol === 'jt808') return h.startsWith('7e') ? `0x${h.slice(2, 6)}` : 'text';
  return `0x${h.startsWith('7979') ? h.slice(8, 10) : h.slice(6, 8)}`;
}

function positionProblem(messages: Msg[], now: Date): string | null {
  const located = messages.filter((m) => typeof m.latitude === 'number' && typeof m.longitude === 'number');
  if (located.length === 0) return 'no position';
  for (const m of located) {
    const t = m.time instanceof Date ? m.time.getTime() : NaN;
    const lat = m.latitude as number;
    const lon = m.longitude as number;
    const speed = (m.speed as number | undefined) ?? 0;
    const course = (m.course as number | undefined) ?? 0;
    if (!(t > Date.UTC(1999, 0, 1) && t < now.getTime() + 25 * 3600_000)) return `bad time ${String(m.time)}`;
    if (!(Math.abs(lat) <= 90 && Math.abs(lon) <= 180)) return `bad lat/lon ${lat},${lon}`;
    if (!(speed >= 0 && speed <= 869 && course >= 0 && course <= 360)) return `bad speed/course ${speed}/${course}`;
  }
  return null;
}

function alarmsOf(messages: Msg[]): string[] {
  return messages.flatMap((m) => [m.alarm, ...((m.alarms as unknown[]) ?? [])]).filter((a) => typeof a === 'string') as string[];
}

function score(frames: CorpusFrame[], now: Date): Row[] {
  const sessions: Record<string, CodecSession> = { gt06: {}, jt808: {} };
  decodeHexInput(CODECS.gt06, GT06_LOGIN, sessions.gt06, now);
  return frames.map((frame) => {
    const out = decodeHexInput(CODECS[frame.protocol], frame.hex, sessions[frame.protocol], now);
    const messages = out.ok ? out.messages : [];
    const row: Row = { frame, type: messageType(frame), ok: out.ok, messages, problems: [] };
    if (!out.ok) {
      row.error = out.error;
      row.problems.push(`ok:false ${out.error}`);
    }
    const wantsPosition = frame.check === 'verifyPosition' || frame.check === 'verifyPositions';
    if (wantsPosition && out.ok) {
      const p = positionProblem(messages, now);
      if (p) row.problems.push(`position: ${p}`);
    }
    if (frame.key === 'alarm' && typeof frame.value === 'string') {
      // Traccar joins several alarms of one frame with commas.
      const want = frame.value.split(',').map((a) => ALARM_ALIASES[a] ?? a);
      const got = alarmsOf(messages);
      if (!want.every((a) => got.includes(a)))
        row.problems.push(`alarm: want ${want.join('/')}, got ${got.join('/') || 'none'}`);
    }
    if (frame.check !== 'verifyNull' && out.ok && messages.length === 0) row.problems.push('no message');
    if (frame.key && frame.key !== 'alarm' && out.ok) {
      const p = attributeProblem(messages, frame.key, frame.value);
      if (p) row.problems.push(p);
    }
    return row;
  });
}

function report(rows: Row[], verbose: boolean) {
  const line = (s: string) => process.stdout.write(s + '\n');
  for (const protocol of ['gt06', 'jt808'] as const) {
    const mine = rows.filter((r) => r.frame.protocol === protocol);
    const pos = mine.filter((r) => r.frame.check.startsWith('verifyPosition'));
    const posOk = pos.filter((r) => r.ok && !r.problems.some((p) => p.startsWith('position')));
    const posValid = posOk.filter((r) => r.messages.some((m) => m.valid === true));
    const alarm = mine.filter((r) => r.frame.key === 'alarm');
    const alarmOk = alarm.filter((r) => !r.problems.some((p) => p.startsWith('alarm')));
    const okCount = mine.filter((r) => r.ok).length;
    line(`== ${protocol}: ${mine.length} frames`);
    line(`   ok:true ${okCount}/${mine.length} (${((100 * okCount) / mine.length).toFixed(1)} %)`);
    line(`   position ${posOk.length}/${pos.length} (of them valid:true ${posValid.length})`);
    line(`   alarm ${alarmOk.length}/${alarm.length}`);
    const attr = mine.filter((r) => r.frame.key && r.frame.key !== 'alarm');
    const attrOk = attr.filter((r) => !r.problems.some((p) => p.startsWith('attr')));
    line(`   other attributes ${attrOk.length}/${attr.length} (names mapped in ATTRIBUTE_FIELDS)`);
    const clean = mine.filter((r) => r.problems.length === 0).length;
    line(`   frames without any problem ${clean}/${mine.length}`);
    line(`   no message where Traccar gives one: ${mine.filter((r) => r.problems.includes('no message')).length}`);
    const byType = new Map<string, { n: number; ok: number; bad: number }>();
    for (const r of mine) {
      const t = byType.get(r.type) ?? { n: 0, ok: 0, bad: 0 };
      t.n++;
      if (r.ok) t.ok++;
      if (r.problems.length > 0) t.bad++;
      byType.set(r.type, t);
    }
    line('   type   frames ok:true with-problems');
    for (const [t, c] of [...byType].sort())
      line(`   ${t.padEnd(6)} ${String(c.n).padStart(6)} ${String(c.ok).padStart(7)} ${String(c.bad).padStart(13)}`);
    for (const r of mine.filter((x) => x.problems.length > 0 || verbose)) {
      const model = r.frame.model ? ` [model ${r.frame.model}]` : '';
      const want = r.frame.key ? ` ${r.frame.key}=${JSON.stringify(r.frame.value)}` : '';
      line(`   #${r.frame.index} ${r.type} ${r.frame.check}${want}${model}: ${r.problems.join('; ') || 'fine'}`);
      if (verbose) line(`      ${r.frame.hex}\n      ${JSON.stringify(r.messages)}`);
    }
  }
}

function main() {
  const file = process.argv[2];
  if (!file) {
    process.stderr.write('usage: score-traccar-frames.ts <corpus.json> [--verbose]\n');
    process.exit(2);
  }
  const frames = JSON.parse(readFileSync(file, 'utf8')) as CorpusFrame[];
  report(score(frames, new Date()), process.argv.includes('--verbose'));
}

main();
