import { expect, type Page } from '@playwright/test';
import { LANGUAGES } from '../../src/domain/constants';

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

export async function login(page: Page, username: string, home = '/index/home', password = PASSWORD) {
  await page.goto('/login');
  await submitLogin(page, username, password);
  await expect(page).toHaveURL(home);
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
