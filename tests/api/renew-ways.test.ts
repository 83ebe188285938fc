import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_TYPE } from '../../src/domain/codes';
import { LIFETIME_EXPIRY } from '../../src/domain/payment';
import { cardBalances } from '../../server/db/schema/card-balances';
import { devices } from '../../server/db/schema/devices';
import { closeDatabase, startHarness, type Harness } from './harness';

/**
 * Issue 32: the renew page offers every way the signed-in account has (its cards, online
 * payment), or says whom to ask; renewal by card is previewed by the code that performs it.
 * The test makes its own agent, customers, cards and devices.
 */
let h: Harness;
let admin: string;
const DAY = 86_400_000;
const tag = `rw${Date.now() % 1e6}`;
let seq = 0;
const ids: Record<string, number> = {};
const tokens: Record<string, string> = {};

async function account(name: string, role: number, parentId: number) {
  const r = await h.post(
    '/api/user/insertUser',
    { username: `${tag}${name}`, password: '123456', role, parentId },
    admin,
  );
  expect(r.meta.success, r.meta.message).toBe(true);
  ids[name] = r.data.id;
  tokens[name] = await h.login(`${tag}${name}`);
}

async function device(owner: number, expire: Date | null) {
  const terminalId = `8650${String(Date.now() % 1e8).padStart(8, '0')}${String(seq++).padStart(3, '0')}`;
  await h.handle.db
    .insert(devices)
    .values({ terminalId, userId: owner, protocol: 13, platformExpireAt: expire });
  return terminalId;
}

const expiryOf = async (t: string) =>
  (
    await h.handle.db.select({ e: devices.platformExpireAt }).from(devices).where(eq(devices.terminalId, t))
  )[0]!.e;
const oneYearCards = async (userId: number) =>
  (
    await h.handle.db
      .select({ n: cardBalances.count })
      .from(cardBalances)
      .where(and(eq(cardBalances.userId, userId), eq(cardBalances.cardType, CARD_TYPE.oneYear)))
  )[0]?.n ?? 0;

beforeAll(async () => {
  h = await startHarness();
  admin = await h.login('admin');
  await account('agent', 2, await h.idOf('admin'));
  await account('user', 3, ids.agent!);
  // A customer of the demo agent, which takes online payment (PayPal in the sandbox, with prices).
  await account('payer', 3, await h.idOf('agent'));
  const give = await h.post(
    '/api/card/transfer',
    { userId: ids.agent, cardType: CARD_TYPE.oneYear, count: 3 },
    admin,
  );
  expect(give.status, JSON.stringify(give.meta)).toBe(200);
});
afterAll(async () => {
  await h.close();
  await closeDatabase();
});

describe('POST /api/renew/ways', () => {
  it('an agent holding cards may renew its customer’s device by card; the customer is told to ask it', async () => {
    const t = await device(ids.user!, new Date(Date.now() + 10 * DAY));
    const mine = await h.post('/api/renew/ways', { terminalIDs: [t] }, tokens.agent);
    expect(mine.status, JSON.stringify(mine.meta)).toBe(200);
    expect(mine.data.ways).toEqual(['cards']);
    expect(mine.data.nextStep).toBeNull();
    expect(mine.data.cards).toMatchObject({ allowed: true, unlimited: false });
    expect(mine.data.cards.balances).toContainEqual({ cardType: CARD_TYPE.oneYear, count: 3 });
    expect(mine.data.devices).toEqual([
      { terminalID: t, name: t, expireAt: (await expiryOf(t))!.toISOString() },
    ]);

    // The customer: no cards of its own, no online payment above it: ask the agent, by name.
    const theirs = await h.post('/api/renew/ways', { terminalIDs: [t] }, tokens.user);
    expect(theirs.status).toBe(200);
    expect(theirs.data.ways).toEqual([]);
    expect(theirs.data.nextStep).toBe('askAgent');
    expect(theirs.data.contact).toMatchObject({ id: ids.agent, username: `${tag}agent` });
    expect(theirs.data.cards.allowed).toBe(false);
  });

  it('a customer of an agent taking online payment may pay online, at its prices', async () => {
    const t = await device(ids.payer!, new Date(Date.now() + 10 * DAY));
    const r = await h.post('/api/renew/ways', { terminalIDs: [t] }, tokens.payer);
    expect(r.data.ways).toEqual(['online']);
    expect(r.data.online.agent.username).toBe('agent');
    expect(r.data.online.prices.length).toBeGreaterThan(0);
    // A device outside the caller's accounts is no device of its to renew.
    const other = await device(await h.idOf('agent2'), null);
    expect((await h.post('/api/renew/ways', { terminalIDs: [other] }, tokens.payer)).status).toBe(404);
  });

  it('the administrator renews by card without spending any', async () => {
    const r = await h.post('/api/renew/ways', {}, admin);
    expect(r.data.ways).toContain('cards');
    expect(r.data.cards.unlimited).toBe(true);
  });
});

describe('renewal by card: the preview is what the renewal does', () => {
  it('devices, cards spent, new expiry per device and refusals agree with the result', async () => {
    const at = (days: number) => new Date(Date.now() + days * DAY);
    const d1 = await device(ids.user!, at(10));
    const life = await device(ids.user!, LIFETIME_EXPIRY);
    const d2 = await device(ids.user!, at(100));
    const d3 = await device(ids.user!, at(3));
    const d4 = await device(ids.user!, at(20));
    const unknown = '865099999999999';
    const balance = await oneYearCards(ids.agent!);
    expect(balance).toBe(3);
    const body = { terminalIDs: [d1, life, d2, d3, d4, unknown], cardType: CARD_TYPE.oneYear };

    const preview = await h.post('/api/card/renewBatch/preview', body, tokens.agent);
    expect(preview.status, JSON.stringify(preview.meta)).toBe(200);
    const p = preview.data;
    expect(p.total).toBe(6);
    expect(p.succeeded).toBe(3);
    expect(p.items.map((i: { terminalID: string }) => i.terminalID)).toEqual([d1, d2, d3]);
    for (const i of p.items) expect(Date.parse(i.expireAfter) - Date.parse(i.expireBefore)).toBe(365 * DAY);
    expect(p.failed.map((f: { terminalID: string; key: string }) => [f.terminalID, f.key])).toEqual([
      [life, 'alreadyLifetime'],
      [d4, 'cardInsufficient'],
      [unknown, 'notFound'],
    ]);
    expect(p.cards).toEqual({ cardType: CARD_TYPE.oneYear, spent: 3, balanceBefore: 3, balanceAfter: 0 });
    // A preview changes nothing.
    expect(await oneYearCards(ids.agent!)).toBe(3);
    expect((await expiryOf(d1))!.toISOString()).toBe(p.items[0].expireBefore);

    const done = await h.post('/api/card/renewBatch', body, tokens.agent);
    expect(done.status).toBe(200);
    expect(done.data.succeeded).toBe(p.succeeded);
    expect(done.data.failed).toEqual(p.failed);
    expect(done.data.items).toEqual(p.items);
    for (const i of p.items) expect((await expiryOf(i.terminalID))!.toISOString()).toBe(i.expireAfter);
    expect(await oneYearCards(ids.agent!)).toBe(p.cards.balanceAfter);

    // With its cards spent, the agent is told to ask its parent (the administrator) for more.
    const ways = await h.post('/api/renew/ways', { terminalIDs: [d4] }, tokens.agent);
    expect(ways.data.ways).toEqual([]);
    expect(ways.data.nextStep).toBe('askForCards');
    expect(ways.data.contact.username).toBe('admin');
  });
});
