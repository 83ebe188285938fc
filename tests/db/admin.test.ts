import { verify } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../config/roles';
import { users } from '../../server/db/schema/users';
import { ensureAdmin, seedIfEmpty, truncateAll } from '../../server/db/seed/index';
import { openTestDatabase, type TestDatabase } from '../../server/db/testing';

let t: TestDatabase;

beforeAll(async () => {
  t = await openTestDatabase();
});
afterAll(async () => {
  await t?.dispose();
});

describe('first start', () => {
  it('ensureAdmin creates only the admin, once', async () => {
    expect(await ensureAdmin(t.handle, 's3cret-pass')).toBe(true);
    const rows = await t.db.select().from(users);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: 1,
      username: 'admin',
      role: ROLE.admin,
      ancestors: '0',
      parentId: 0,
    });
    expect(await verify(rows[0].passwordHash, 's3cret-pass')).toBe(true);
    expect(await ensureAdmin(t.handle, 'other')).toBe(false);
    // The sequence moved past the explicit id.
    const [next] = await t.db
      .insert(users)
      .values({ username: 'next', passwordHash: 'x', role: ROLE.agent, parentId: 1, ancestors: '0,1' })
      .returning();
    expect(next.id).toBe(2);
  });

  it('seedIfEmpty seeds an empty embedded database only', async () => {
    await truncateAll(t.db);
    const seeded = await seedIfEmpty(t.handle);
    expect(seeded).toBe(t.handle.kind === 'pglite');
    const count = (await t.db.select().from(users)).length;
    expect(count).toBe(seeded ? 19 : 0);
  });
});
