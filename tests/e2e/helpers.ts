import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { LANGUAGES } from '../../src/domain/constants';
import { LANGUAGE_STORAGE_KEY } from '../../src/domain/language';

export const PASSWORD = '123456';

/** Demo accounts of the seed, with the page each lands on (ROLE_HOME) and the name shown. */
export const ACCOUNTS = [
  { username: 'admin', home: '/index/home', name: 'Administrator' },
  { username: 'agent', home: '/index/home', name: '北京华通物流' },
  { username: 'subagent', home: '/index/home' },
  { username: 'user', home: '/index/home', name: '张师傅' },
  { username: 'demo', home: '/index/home', name: 'Demo' },
  { username: 'superuser', home: '/index/home', name: '车队主管' },
  { username: 'agent2', home: '/index/home' },
  { username: 'test', home: '/test/qc/search', name: 'QC' },
  { username: 'testsearch', home: '/test/transferIp/transferIpResult' },
  { username: 'wanweitest', home: '/test/transferIp/transferIpResult' },
  { username: 'log', home: '/test/log/search' },
  { username: 'otalook', home: '/test/otaUpdateListForUser' },
  { username: 'originlog', home: '/test/log/search' },
  { username: 'configplatform', home: '/test/configPlatformForUser' },
  { username: 'teststock', home: '/test/stock/importDevice' },
  { username: 'testtransferip', home: '/test/transferIp/transferIp' },
] as const;

/** Fills the login form and submits it; works whatever the page language. */
export async function submitLogin(page: Page, username: string, password = PASSWORD) {
  await page.locator('#username').fill(username);
  await page.locator('#password').fill(password);
  await page.locator('button[type=submit]').click();
}

/** Logs in through the login form and lands on `home` (the tests of the login flow itself). */
export async function loginByForm(page: Page, username: string, home = '/index/home', password = PASSWORD) {
  await page.goto('/login');
  await submitLogin(page, username, password);
  await expect(page).toHaveURL(home);
  await expect(page.getByTestId('header-user')).toBeVisible();
}

// This worker's sessions by account (a worker is one process; its spec files share this module).
const sessions = new Map<string, string>();

/**
 * Opens `path` logged in as `username`, without the login form: the session is asked of the API
 * once per worker and account (again only when a test ended it), and put where the app keeps it
 * (sessionStorage `userInfo`, src/providers/session.ts) before the app starts.
 */
export async function login(page: Page, username: string, path = '/index/home', password = PASSWORD) {
  // sessionStorage belongs to the origin and the tab: it is set on a page of the origin that
  // does not start the app, then the app is opened. Sessions are kept per server (a few tests
  // start one of their own).
  await page.goto('/api/public/config');
  const key = `${new URL(page.url()).origin}\n${username}\n${password}`;
  let saved = sessions.get(key);
  if (saved) {
    const { token, user } = JSON.parse(saved) as { token: string; user: { id: number } };
    const check = await page.request.post('/api/user/findById', {
      data: { id: user.id },
      headers: { authorization: `Bearer ${token}` },
    });
    if ((await check.json()).meta?.code !== 200) saved = undefined;
  }
  if (!saved) {
    const res = await page.request.post('/api/login', { data: { username, password } });
    const body = await res.json();
    if (body.meta?.code !== 200) throw new Error(`login ${username}: ${body.meta?.code} ${body.meta?.message}`);
    saved = JSON.stringify(body.data);
    sessions.set(key, saved);
  }
  await page.evaluate((data) => sessionStorage.setItem('userInfo', data), saved);
  await page.goto(path);
  // The screen may add its state to the query (the device it shows): the path is what counts.
  const wanted = new URL(path, 'http://localhost').pathname;
  await expect(page).toHaveURL((url) => url.pathname === wanted);
  await expect(page.getByTestId('header-user')).toBeVisible();
}

export async function logout(page: Page) {
  await page.getByTestId('logout-button').click();
  await expect(page).toHaveURL('/login');
}

/** Route paths of every link in the side menu (submenus are rendered closed, but present). */
export async function menuPaths(page: Page): Promise<string[]> {
  const menu = page.getByTestId('app-menu');
  await expect(menu.locator('a').first()).toBeAttached();
  return menu.locator('a').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
}

/** Starts every page of this test in `lng`, as if the user had picked it before (the app's stored choice). */
export async function preferLanguage(page: Page, lng: string) {
  await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [LANGUAGE_STORAGE_KEY, lng] as const);
}

/** Picks a language in the language select of the page (login page or header). */
export async function chooseLanguage(page: Page, label: string) {
  await page.getByTestId('language-select').click();
  await page.locator(`.ant-select-item-option[title="${label}"]`).click();
}

// Longest first, so that `en-IN` is not read as `en`; hashes are hex (vite.config.ts).
const CHUNK = new RegExp(
  `/assets/locale-(${[...LANGUAGES].sort((a, b) => b.length - a.length).join('|')})-[0-9a-f]+\\.js$`,
);

/** The language of a locale chunk URL, or null for any other request. */
export function localeOfChunk(url: string): string | null {
  return CHUNK.exec(new URL(url).pathname)?.[1] ?? null;
}

/** Polls `read` until two reads in a row are alike: what the page shows has come to rest. */
export async function steady<T>(read: () => Promise<T>, same: (a: T, b: T) => boolean, interval: number, timeout?: number) {
  let last: T | undefined;
  await expect
    .poll(
      async () => {
        const now = await read();
        const alike = last !== undefined && same(last, now);
        last = now;
        return alike;
      },
      { timeout, intervals: [interval] },
    )
    .toBe(true);
}

/**
 * Waits until what `target` shows has stopped changing (two pictures in a row alike): a map that
 * finished its fit, fly-to or last layers, before a screenshot of it is taken.
 */
export async function settled(target: Locator, timeout = 30_000) {
  await steady(() => target.screenshot({ animations: 'disabled' }), (a, b) => a.equals(b), 250, timeout);
}

/** Turns the mouse wheel over a map and waits until its zoom (`data-zoom`) has come to rest. */
export async function wheelOver(page: Page, map: Locator, dy: number) {
  await page.mouse.wheel(0, dy);
  await steady(async () => String(await map.getAttribute('data-zoom')), (a, b) => a === b, 150);
}

/** API calls as `username` (a session of its own), and its account id. */
export async function as(request: APIRequestContext, username: string) {
  const r = await request.post('/api/login', { data: { username, password: PASSWORD } });
  const { token, id } = ((await r.json()) as { data: { token: string; id: number } }).data;
  const call = async <T>(path: string, data: unknown): Promise<T> => {
    const res = await request.post(`/api${path}`, { data, headers: { authorization: `Bearer ${token}` } });
    const body = (await res.json()) as { meta: { success: boolean; message: string }; data: T };
    if (!body.meta.success) throw new Error(`${path}: ${body.meta.message}`);
    return body.data;
  };
  return { call, id };
}
