import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { Body, Text, Type } from '../../server/lib/schema/primitives';
import { MESSAGES } from '../../src/domain/messages';
import { closeDatabase, startHarness } from './harness';

/** Route bounds at start-up, the database safety net and the language of the 400s (issue 10). */
describe('request bounds', () => {
  afterAll(closeDatabase);

  it('refuses to start with a route without a request schema or with an unbounded field', async () => {
    const h = await startHarness({}, { seed: false });
    await h.close();
    for (const schema of [{}, { body: Type.Object({ id: Type.Integer() }) }]) {
      const app = await buildApp({ config: h.config, handle: h.handle });
      const add = () =>
        app.post('/api/test/unbounded', { schema, config: { access: { public: true } } }, async () => 'x');
      expect(add).toThrow(/Route POST \/api\/test\/unbounded/);
      await app.close();
    }
  });

  it('answers 400, not 500, when the database refuses a value', async () => {
    const h = await startHarness({}, { seed: false });
    const app = await buildApp({ config: h.config, handle: h.handle });
    app.post(
      '/api/test/cast',
      { schema: { body: Body({ v: Text(40) }) }, config: { access: { public: true } } },
      async (req) => {
        await app.db.execute(sql`select ${(req.body as { v: string }).v}::int as n`);
        return { meta: { success: true } };
      },
    );
    await app.ready();
    for (const v of ['12abc', '99999999999']) {
      const r = await app.inject({ method: 'POST', url: '/api/test/cast', payload: { v } });
      expect(r.statusCode, v).toBe(400);
      expect(r.json().meta).toMatchObject({ key: 'valueNotStorable', message: MESSAGES.valueNotStorable });
    }
    const fine = await app.inject({ method: 'POST', url: '/api/test/cast', payload: { v: '42' } });
    expect(fine.statusCode).toBe(200);
    await app.close();
    await h.close();
  });

  it('names the field and its limit in the language the caller asks for', async () => {
    const h = await startHarness({}, { seed: false });
    const send = (lang?: string) =>
      h.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: 'x'.repeat(65), password: 'p' },
        headers: lang ? { 'accept-language': lang } : {},
      });
    const en = (await send()).json().meta;
    expect(en).toMatchObject({
      key: 'fieldTooLong',
      message: 'username is too long: at most 64 characters',
      params: { field: 'username', limit: 64 },
    });
    expect((await send('fr-FR,fr;q=0.9')).json().meta.message).toBe(
      'username est trop long : 64 caractères au plus',
    );
    expect((await send('zh-CN')).json().meta.message).toBe('username 过长：最多 64 个字符');
    await h.close();
  });
});
