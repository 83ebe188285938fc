import { expect, type Locator, type Page } from '@playwright/test';
import { SEED_USER_IDS, type SeedUsername } from '../../server/db/seed/accounts';
import { buildDemoFleet } from '../../server/db/seed/devices';
import { buildStock } from '../../server/db/seed/stock';

/**
 * The seed's factory stock, recomputed here (the seed is deterministic apart from times): the
 * tested-ready terminals (batch B-DEMO-READY), the untested ones, and the demo fleet's IMEIs (all,
 * or those of one account's own devices).
 */
export function seedStock() {
  const now = new Date();
  const fleet = buildDemoFleet(now).devices;
  const rows = buildStock(fleet, now, new Set(fleet.map((d) => d.terminalId)));
  const ids = (batch: string, len?: number) =>
    rows.filter((r) => r.batchNo === batch && (!len || r.terminalId.length === len)).map((r) => r.terminalId);
  return {
    readyImeis: ids('B-DEMO-READY', 15),
    untestedImeis: ids('B-DEMO-UNTESTED', 15),
    fleetImeis: fleet.filter((d) => d.terminalId.length === 15).map((d) => d.terminalId),
    fleetImeisOf: (owner: SeedUsername) =>
      fleet.filter((d) => d.terminalId.length === 15 && d.userId === SEED_USER_IDS[owner]).map((d) => d.terminalId),
  };
}

/** The bearer token of the page's session (for direct API calls as that user). */
export async function tokenOf(page: Page): Promise<string> {
  const raw = await page.evaluate(() => sessionStorage.getItem('userInfo'));
  return (JSON.parse(raw ?? '{}') as { token: string }).token;
}

/** Opens the collapsed filter form of a list (QueryFilter) when it is collapsed. */
export async function expandFilters(page: Page) {
  const toggle = page.getByTestId('filters-toggle');
  if ((await toggle.innerText()) === 'More filters') await toggle.click();
  await expect(toggle).toHaveText('Fewer filters');
}

/** Picks an account in an account TreeSelect by its user name. */
export async function pickAccount(page: Page, select: Locator, username: string, open = false) {
  if (!open) await select.click();
  await page.keyboard.type(username);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper')
    .filter({ hasText: new RegExp(`^${username}( \\(|$)`) })
    .first()
    .click();
}

export async function expectTotal(page: Page, total: number) {
  await expect(page.locator('.ant-pagination-total-text')).toHaveText(`${total} in all`);
}

/**
 * Puts text into a textarea at once, as a paste does (React sees one input event). Playwright's
 * fill() inserts thousands of lines far more slowly than a user's paste.
 */
export async function pasteInto(target: Locator, text: string) {
  await target.evaluate((el, value) => {
    const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!;
    setter.call(el, value);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  }, text);
}
