/**
 * Takes the screenshots of the `app` and `pc` help pages from a running server:
 *
 *   npm run help:screenshots -- http://localhost:8080
 *
 * Logs in as the seeded `agent`, visits the screen of every section of src/pages/help/sections.ts
 * at desktop size (pc) and phone size (app), in each of SHOT_LANGUAGES, and writes
 * public/help/<pc|app>/<lang>/<section>.png. Start the server with fresh demo data first
 * (README "Quick start"); the build then copies the pictures into the bundle.
 */
import { chromium, type Browser, type Page } from '@playwright/test';
import { mkdirSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_ARGS } from '../bench/support/chromium';
import { LANGUAGE_STORAGE_KEY } from '../src/domain/language';
import {
  HELP_SECTIONS,
  HELP_VIEWPORTS,
  SHOT_LANGUAGES,
  type HelpKind,
  type HelpSection,
} from '../src/pages/help/sections';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(ROOT, 'public', 'help');
const BASE = (process.argv[2] ?? 'http://localhost:8080').replace(/\/$/, '');
const USER = 'agent';
const PASSWORD = '123456';

/** Lets the screen settle: no spinner, no skeleton, then a moment for the map to draw. */
async function settle(page: Page) {
  await page.waitForLoadState('load');
  // Live alarm pop-ups of the simulated fleet would cover the screen.
  await page.addStyleTag({ content: '.ant-notification, .ant-message { display: none !important; }' });
  if (page.url().endsWith('/index/home'))
    await page.getByTestId('device-row').first().waitFor({ timeout: 30_000 });
  await page
    .waitForFunction(
      () => !document.querySelector('.ant-spin-spinning, .ant-spin-dot-spin, .ant-skeleton-active'),
      undefined,
      { timeout: 30_000 },
    )
    .catch(() => {});
  await page.waitForTimeout(2_500);
}

async function prepare(page: Page, section: HelpSection) {
  if (section.action === 'selectDevice' || section.action === 'openTrack') {
    await page.getByTestId('device-row').first().click();
    await page.getByTestId('device-panel').waitFor({ timeout: 15_000 });
    await page.waitForTimeout(1_500);
  }
  if (section.action === 'openTrack') {
    // The panel's track action opens the playback of that device for today, already queried.
    await page.getByTestId('action-track').click();
    await page.waitForURL(/\/index\/track/);
    await settle(page);
  }
  if (section.action === 'openLanguage') {
    await page.getByTestId('language-select').click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').waitFor();
    await page.waitForTimeout(500);
  }
}

async function shoot(browser: Browser, kind: HelpKind, lang: string) {
  const context = await browser.newContext({
    viewport: HELP_VIEWPORTS[kind],
    locale: 'en-US',
    timezoneId: 'Asia/Shanghai',
    deviceScaleFactor: 1,
    isMobile: kind === 'app',
    hasTouch: kind === 'app',
  });
  await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [
    LANGUAGE_STORAGE_KEY,
    lang,
  ] as const);
  const page = await context.newPage();
  const dir = join(OUT, kind, lang);
  mkdirSync(dir, { recursive: true });
  let loggedIn = false;
  for (const section of HELP_SECTIONS) {
    if (section.route === '/login') {
      await page.goto(`${BASE}/login`);
    } else {
      if (!loggedIn) {
        await page.goto(`${BASE}/login`);
        await page.locator('#username').fill(USER);
        await page.locator('#password').fill(PASSWORD);
        await page.locator('button[type=submit]').click();
        await page.waitForURL(/\/index\//, { timeout: 30_000 });
        loggedIn = true;
      }
      await page.goto(`${BASE}${section.route}`);
    }
    await settle(page);
    await prepare(page, section);
    const file = join(dir, `${section.id}.png`);
    await page.screenshot({ path: file, type: 'png', scale: 'css', animations: 'disabled', caret: 'hide' });
    console.log(`${kind}/${lang}/${section.id}.png ${Math.round(statSync(file).size / 1024)} kB`);
  }
  await context.close();
}

function totalSize(dir: string): number {
  return readdirSync(dir, { withFileTypes: true }).reduce(
    (n, e) => n + (e.isDirectory() ? totalSize(join(dir, e.name)) : statSync(join(dir, e.name)).size),
    0,
  );
}

// The browser of the e2e suite and the benchmarks: Debian's chromium with the same arguments.
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  for (const kind of Object.keys(HELP_VIEWPORTS) as HelpKind[])
    for (const lang of SHOT_LANGUAGES) await shoot(browser, kind, lang);
} finally {
  await browser.close();
}
console.log(`public/help: ${Math.round(totalSize(OUT) / 1024)} kB`);
