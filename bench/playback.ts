/**
 * npm run bench:playback -- [--db pglite|pg] [--days 90] [--step 10] [--plays 5] [--play-seconds 10]
 *
 * Track playback (issue 11) in headless Chromium against a real server: 5 devices of `agent`
 * with one fix every `step` s for `days` days (90 × 8,640 = 777,600 fixes each, 3.9 million in
 * all), rolled up by the real job. Then, on /index/track with the 5 devices and the 90 days:
 *  1. "Show tracks" → the frame that draws all 5 tracks (window.__track), `plays` times;
 *  2. the bytes of each findTrackByTerminalID answer;
 *  3. the longest main-thread task while playing at 16× for `play-seconds`.
 * Targets: first full draw < 2 s, no task over 200 ms.
 * `--keep` leaves the prepared database (PGlite directory or fg_bench_playback) and prints its
 * directory; `--reuse <dir>` measures over it again without writing the history anew.
 * `--trace` records a Chromium trace while playing and prints what its longest tasks did (build
 * with BUILD_MINIFY=0 and its own --dist-dir to read function names).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page } from '@playwright/test';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import pg from 'pg';
import { migrate, openDatabase } from '../server/db/client';
import { devices } from '../server/db/schema/devices';
import { positions } from '../server/db/schema/positions';
import { trackDays } from '../server/db/schema/track-days';
import { trackRollupCursors } from '../server/db/schema/track-rollup-cursors';
import { seedDemo, SEED_USER_IDS } from '../server/db/seed/index';
import { TrackRollupJob } from '../server/jobs/track-rollup';
import { startServerProcess } from '../tests/support/processes';
import { installProbes, takeLongTasks } from './support/probes';
import { ensureBuild } from './support/server';
import { max, median } from './support/stats';
import { saveTrace, startTrace, stopTrace } from './support/trace';
import { writeHistory } from './support/track-history';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    'pg-url': {
      type: 'string',
      default: process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test',
    },
    days: { type: 'string', default: '90' },
    step: { type: 'string', default: '10' },
    plays: { type: 'string', default: '5' },
    'play-seconds': { type: 'string', default: '10' },
    'dist-dir': { type: 'string', default: 'dist-bench-playback' },
    keep: { type: 'boolean', default: false },
    reuse: { type: 'string' },
    trace: { type: 'boolean', default: false },
  },
});
const DAYS = Number(values.days);
const STEP = Number(values.step);
const PLAYS = Number(values.plays);
const DEVICES = 5;
const TARGET = { drawMs: 2000, longTaskMs: 200 };

async function freshPostgres(base: string): Promise<string> {
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS fg_bench_playback WITH (FORCE)');
  await admin.query('CREATE DATABASE fg_bench_playback');
  await admin.end();
  return benchUrl(base);
}

function benchUrl(base: string): string {
  const u = new URL(base);
  u.pathname = '/fg_bench_playback';
  return u.toString();
}

type Db = Awaited<ReturnType<typeof openDatabase>>['db'];

/** Devices of the agent without seeded history (the demo history took the first ones). */
const benchDevices = (db: Db) =>
  db
    .select({ id: devices.id, terminalId: devices.terminalId, lat: devices.lat, lon: devices.lon })
    .from(devices)
    .where(and(eq(devices.userId, SEED_USER_IDS.agent), isNotNull(devices.lat)))
    .orderBy(asc(devices.id))
    .offset(20)
    .limit(DEVICES);

/** The devices of a database an earlier `--keep` run prepared, and how many fixes they have. */
async function prepared(dataDir: string, url: string | undefined) {
  const handle = await openDatabase({ url, dataDir: join(dataDir, 'pglite') });
  const picked = await benchDevices(handle.db);
  const [{ n }] = await handle.db
    .select({ n: sql<number>`count(*)::int` })
    .from(positions)
    .where(inArray(positions.deviceId, picked.map((d) => d.id)));
  await handle.close();
  return { terminalIds: picked.map((d) => d.terminalId), written: n, insertS: 0, rollupS: 0, days: 0 };
}

/** Seeds the demo, writes the dense history of 5 devices and rolls it up; answers their IMEIs. */
async function prepare(dataDir: string, url: string | undefined) {
  const handle = await openDatabase({ url, dataDir: join(dataDir, 'pglite') });
  await migrate(handle);
  await seedDemo(handle, { reset: true });
  const { db } = handle;
  const picked = await benchDevices(db);
  const ids = picked.map((d) => d.id);
  await db.delete(positions).where(inArray(positions.deviceId, ids));
  const end = Date.now() - 60_000;
  let t = performance.now();
  let written = 0;
  for (const d of picked)
    written += await writeHistory(db, {
      deviceId: d.id,
      home: { lat: d.lat!, lon: d.lon! },
      days: DAYS,
      stepS: STEP,
      end,
    });
  const insertS = (performance.now() - t) / 1000;
  // The devices' rows move to their newest fix and their old rollups go: the job recomputes
  // every day of the new history, as it does for a tracker that uploads after a long gap.
  await db
    .update(devices)
    .set({ fixTime: new Date(end) })
    .where(inArray(devices.id, ids));
  await db.delete(trackDays).where(inArray(trackDays.deviceId, ids));
  await db.delete(trackRollupCursors).where(inArray(trackRollupCursors.deviceId, ids));
  await db.execute(sql`ANALYZE positions`);
  t = performance.now();
  const job = new TrackRollupJob(db, { batch: 1000 });
  let days = 0;
  for (let i = 0; i < 50; i++) {
    const r = await job.runOnce();
    days += r.days;
    if (r.devices === 0) break;
  }
  const rollupS = (performance.now() - t) / 1000;
  await handle.close();
  return { terminalIds: picked.map((d) => d.terminalId), written, insertS, rollupS, days };
}

async function login(page: Page) {
  await page.goto('/login');
  await page.locator('#username').fill('agent');
  await page.locator('#password').fill('123456');
  await page.locator('button[type=submit]').click();
  await page.waitForURL('**/index/home');
}

const drawnAfter = (page: Page, since: number) =>
  page.waitForFunction(
    ([s, n]) =>
      window.__track && window.__track.drawnAt > s && window.__track.tracks === n ? window.__track : null,
    [since, DEVICES] as const,
    { timeout: 60_000, polling: 'raf' },
  );

async function main() {
  const reuse = values.reuse;
  const dataDir = reuse ?? mkdtempSync(join(os.tmpdir(), 'fleetgate-bench-playback-'));
  const url =
    values.db !== 'pg' ? undefined : reuse ? benchUrl(values['pg-url']!) : await freshPostgres(values['pg-url']!);
  console.log(
    reuse
      ? `reusing ${dataDir} (${values.db})…`
      : `preparing ${DEVICES} devices × ${DAYS} days at one fix per ${STEP} s (${values.db})…`,
  );
  const prep = reuse ? await prepared(dataDir, url) : await prepare(dataDir, url);
  console.log(
    `${prep.written} positions written in ${prep.insertS.toFixed(1)} s, ${prep.days} device-days rolled up in ${prep.rollupS.toFixed(1)} s`,
  );
  ensureBuild(values['dist-dir']!);
  const server = await startServerProcess(
    {
      ...(url ? { DATABASE_URL: url } : {}),
      DATA_DIR: dataDir,
      STATIC_DIR: values['dist-dir']!,
      LOGIN_RATE_PER_IP: '1000',
    },
    180_000,
  );
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
    ],
  });
  try {
    const page = await browser.newPage({
      baseURL: `http://127.0.0.1:${server.port}`,
      viewport: { width: 1280, height: 800 },
    });
    await installProbes(page);
    const payloads: number[] = [];
    const answeredAt: number[] = [];
    page.on('response', async (res) => {
      if (!res.url().endsWith('/api/track/findTrackByTerminalID')) return;
      const body = await res.body().catch(() => null);
      answeredAt.push(Date.now());
      if (body) payloads.push(body.length);
    });
    await login(page);
    const to = Date.now();
    const from = to - DAYS * 86_400_000 + 3_600_000;
    await page.goto(`/index/track?terminalID=${prep.terminalIds.join(',')}&from=${from}&to=${to}`);
    await drawnAfter(page, 0); // the page loads them once on opening
    const draws: number[] = [];
    const answers: number[] = [];
    const loadTasks: number[] = [];
    for (let i = 0; i < PLAYS; i++) {
      // Let the detail around the play head of the last load arrive first.
      await page.waitForTimeout(1500);
      await takeLongTasks(page);
      payloads.length = 0;
      answeredAt.length = 0;
      const start = await page.evaluate(() => Date.now());
      await page.getByTestId('track-query-button').click();
      const drawn = (await (await drawnAfter(page, start)).jsonValue())!;
      draws.push(drawn.drawnAt - start);
      // When the last of the load's answers had arrived: the server's and the network's share.
      answers.push(Math.max(...answeredAt.slice(0, DEVICES)) - start);
      loadTasks.push(max((await takeLongTasks(page)).map((l) => l.duration)));
      console.log(
        `play ${i + 1}: drawn ${drawn.drawnAt - start} ms, ${drawn.points} points, answers ${payloads.map((b) => `${Math.round(b / 1024)} KB`).join(' ')}`,
      );
    }
    // The answers of the load itself (detail around the play head may follow).
    const sizes = payloads.slice(0, DEVICES);
    await page.getByTestId('player-speed').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '16×' }).click();
    await takeLongTasks(page);
    const playTrace = values.trace ? await startTrace(page) : null;
    await page.getByTestId('player-play').click();
    await page.waitForTimeout(Number(values['play-seconds']) * 1000);
    const playTasks = (await takeLongTasks(page)).map((l) => l.duration);
    if (playTrace) console.log(`playing, ${saveTrace(await stopTrace(playTrace), 'playback-play').join('\n')}`);
    const cpu = os.cpus();
    const drawMed = median(draws);
    const playMax = max(playTasks);
    console.log(
      `\nmachine: ${cpu[0]?.model} × ${cpu.length}, ${Math.round(os.totalmem() / 2 ** 30)} GB, load ${os.loadavg()[0].toFixed(1)}`,
    );
    console.log(
      `| database | positions | draw median (runs) | ratio to 2 s | all answers in (median) | longest task loading | longest task playing 16× | tasks > 50 ms playing | answer per device |`,
    );
    console.log(
      `| ${values.db} | ${prep.written.toLocaleString('en')} | ${drawMed} ms (${draws.join(', ')}) | ${(drawMed / TARGET.drawMs).toFixed(2)} | ${median(answers)} ms | ${Math.round(max(loadTasks))} ms | ${Math.round(playMax)} ms | ${playTasks.length} | ${sizes.map((b) => `${Math.round(b / 1024)} KB`).join(', ')} |`,
    );
    if (drawMed > TARGET.drawMs || playMax > TARGET.longTaskMs) process.exitCode = 1;
  } finally {
    await browser.close();
    await server.stop();
    if (values.keep || reuse) console.log(`kept: --reuse ${dataDir}`);
    else rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
