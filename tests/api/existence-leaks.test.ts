import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { devices } from '../../server/db/schema/devices';
import { CARD_TYPE } from '../../src/domain/codes';
import { closeDatabase, startHarness, type Harness } from './harness';

// What agent2 can learn about agent's tree: nothing that is agent's own, and only a limited
// number of answers about the global user names.
let h: Harness;
let agent2: string;
beforeAll(async () => {
  h = await startHarness({
    loginRate: { perIpPerMinute: 100_000, failuresPerUsername: 100_000, usernameWindowSeconds: 900, nameLookupsPerHour: 3 },
  });
  agent2 = await h.login('agent2');
});
afterAll(async () => {
  await h.close();
  await closeDatabase();
});

describe('discount codes are unique per agent', () => {
  it("agent2 cannot learn that agent's code WELCOME15 exists, and agent's payers still get agent's code", async () => {
    const made = await h.post('/api/pay/discountCode/create', { count: 1, code: 'WELCOME15', rate: 50 }, agent2);
    expect(made.meta.key).toBeUndefined();
    expect(made.data.codes).toEqual(['WELCOME15']);
    // Its own code twice is refused as taken.
    const again = await h.post('/api/pay/discountCode/create', { count: 1, code: 'welcome15', rate: 60 }, agent2);
    expect(again.meta.key).toBe('discountCodeTaken');
    // agent's payer (user) quotes and orders with agent's WELCOME15 (85 %), not agent2's (50 %).
    const user = await h.login('user');
    const body = { terminalIDs: [await userTerminal()], rechargeType: CARD_TYPE.oneYear, paymentType: 1 };
    const quote = await h.post('/api/order/quote', { ...body, discountCode: 'WELCOME15' }, user);
    expect(quote.data?.discountRate, JSON.stringify(quote.meta)).toBe(85);
    const order = await h.post('/api/order/create', { ...body, discountCode: 'WELCOME15' }, user);
    expect(order.data?.discountRate, JSON.stringify(order.meta)).toBe(85);
  });
});

/** A device of `user` (payee: agent) with a platform expiry, as the payment tests pick one. */
async function userTerminal(): Promise<string> {
  const [d] = await h.handle.db
    .select({ t: devices.terminalId })
    .from(devices)
    .where(and(eq(devices.userId, await h.idOf('user')), isNotNull(devices.platformExpireAt)))
    .orderBy(asc(devices.id))
    .limit(1);
  return d!.t;
}

describe('user name existence answers are limited per caller', () => {
  it('findUsername and "name taken" refusals share an hourly limit; past it every such call answers 429 alike', async () => {
    for (const name of ['agent', 'nobody-x1', 'subagent']) {
      expect((await h.post('/api/user/findUsername', { username: name }, agent2)).status).toBe(200);
    }
    const over = await h.post('/api/user/findUsername', { username: 'agent' }, agent2);
    expect(over.status).toBe(429);
    expect(over.meta.key).toBe('tooManyTries');
    // Creating an account can no longer tell taken from free either.
    const taken = await h.post('/api/user/insertUser', { username: 'agent', password: 'secret1', role: 3 }, agent2);
    const free = await h.post('/api/user/insertUser', { username: 'free-name-9', password: 'secret1', role: 3 }, agent2);
    expect([taken.status, taken.meta.key]).toEqual([429, 'tooManyTries']);
    expect([free.status, free.meta.key]).toEqual([429, 'tooManyTries']);
    // Another caller has its own allowance.
    const agent = await h.login('agent');
    expect((await h.post('/api/user/findUsername', { username: 'agent2' }, agent)).data).toEqual({ exists: true });
  });
});
