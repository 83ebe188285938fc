import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_TYPE } from '../../src/domain/codes';
import { API_KEYS_PER_ACCOUNT } from '../../src/domain/limits';
import { closeDatabase, startHarness, type Harness } from './harness';

/**
 * An account's own settings that only a browser test and the hostile-input test reached before:
 * renewal prices saved and removed, API keys renamed, re-rated, refused past their limit or
 * with an expiry already past.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
  await closeDatabase();
});

type PriceList = { list: { cardType: number; priceMinor: number | null; currency: string | null }[] };
const priceOf = (r: { data: PriceList }, cardType: number) => r.data.list.find((p) => p.cardType === cardType);

describe('renewal prices', () => {
  it('a sub-agent prices a period, changes it, and removes it: it is then not sold online', async () => {
    const token = await h.login('subagent');
    const saved = await h.post('/api/pay/renewPrice/save', { cardType: CARD_TYPE.oneYear, priceMinor: 9900, currency: 'CNY' }, token);
    expect(saved.status).toBe(200);
    expect(priceOf(saved, CARD_TYPE.oneYear)).toMatchObject({ priceMinor: 9900, currency: 'CNY' });
    const changed = await h.post('/api/pay/renewPrice/save', { cardType: CARD_TYPE.oneYear, priceMinor: 12000, currency: 'CNY' }, token);
    expect(priceOf(changed, CARD_TYPE.oneYear)).toMatchObject({ priceMinor: 12000 });
    const removed = await h.post('/api/pay/renewPrice/del', { cardType: CARD_TYPE.oneYear }, token);
    expect(removed.status).toBe(200);
    expect(priceOf(removed, CARD_TYPE.oneYear)).toMatchObject({ priceMinor: null });
  });
});

describe('API keys of an account', () => {
  it('are renamed and re-rated; a blank name keeps the old one', async () => {
    const token = await h.login('agent');
    const made = await h.post('/api/apikey/add', { name: 'owner settings key' }, token);
    expect(made.status).toBe(200);
    const renamed = await h.post('/api/apikey/update', { id: made.data.id, name: '  nightly export  ', ratePerMinute: 30 }, token);
    expect(renamed.data).toMatchObject({ name: 'nightly export', ratePerMinute: 30 });
    const blank = await h.post('/api/apikey/update', { id: made.data.id, name: '   ' }, token);
    expect(blank.data).toMatchObject({ name: 'nightly export', ratePerMinute: 30 });
  });

  it('refuse an expiry already past, and a key past the limit per account', async () => {
    const token = await h.login('subagent');
    const past = await h.post('/api/apikey/add', { name: 'too late', expiresAt: '2020-01-01T00:00:00Z' }, token);
    expect(past.status).toBe(400);
    expect(past.meta.key).toBe('fieldFormat');
    for (let i = 0; i < API_KEYS_PER_ACCOUNT; i++)
      expect((await h.post('/api/apikey/add', { name: `key ${i}` }, token)).status).toBe(200);
    const over = await h.post('/api/apikey/add', { name: 'one too many' }, token);
    expect(over.status).toBe(400);
    expect(over.meta.key).toBe('apiKeyLimit');
  });
});
