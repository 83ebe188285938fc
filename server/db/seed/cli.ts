/**
 * `npm run seed [-- --reset | --admin-only | --bulk N [--bulk-user name] [--bulk-accounts k]]`
 *
 * Opens the database (DATABASE_URL, else PGlite in DATA_DIR/pglite or ./data/pglite),
 * applies migrations, then:
 * - default: loads the demo data set, emptying every table first. Against PostgreSQL that
 *   holds users it refuses unless --reset is given, so a real deployment is not wiped by a
 *   stray command;
 * - --admin-only: only creates the admin (ADMIN_PASSWORD, required) if no user exists;
 * - --bulk N: adds a fleet of N devices on a new agent account (default name fleet) under
 *   `agent`, spread over k user sub-accounts with --bulk-accounts; keeps the existing data
 *   (seed the demo first).
 * ADMIN_PASSWORD, when set, also becomes the demo admin's password (others stay 123456).
 * Stop the server first when using PGlite: its data directory has a single owner.
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { count } from 'drizzle-orm';
import { migrate, openDatabase } from '../client';
import { users } from '../schema/users';
import { seedBulkFleet } from './bulk';
import { DEMO_PASSWORD, ensureAdmin, seedDemo } from './index';

async function main() {
  const { values } = parseArgs({
    options: {
      reset: { type: 'boolean' },
      'admin-only': { type: 'boolean' },
      bulk: { type: 'string' },
      'bulk-user': { type: 'string', default: 'fleet' },
      'bulk-accounts': { type: 'string', default: '0' },
    },
  });
  const adminPassword = process.env.ADMIN_PASSWORD || undefined;
  const dataDir = process.env.DATA_DIR ? join(process.env.DATA_DIR, 'pglite') : undefined;
  const handle = await openDatabase({ dataDir });
  try {
    await migrate(handle);
    const where = handle.kind === 'postgres' ? 'PostgreSQL' : `PGlite (${dataDir ?? './data/pglite'})`;

    if (values['admin-only']) {
      if (!adminPassword) throw new Error('--admin-only needs ADMIN_PASSWORD');
      const created = await ensureAdmin(handle, adminPassword);
      console.log(created ? `Created admin in ${where}.` : `${where} already has users; nothing done.`);
      return;
    }

    if (values.bulk !== undefined) {
      const t0 = Date.now();
      const fleet = await seedBulkFleet(handle.db, {
        username: values['bulk-user']!,
        count: Number(values.bulk),
        subAccounts: Number(values['bulk-accounts']),
      });
      console.log(
        `Added ${fleet.terminalIds.length} devices on account ${values['bulk-user']} (id ${fleet.userId}, ` +
          `${fleet.accountIds.length - 1} sub-accounts) in ${where} in ${Date.now() - t0} ms; password ${DEMO_PASSWORD}.`,
      );
      return;
    }

    const [{ n }] = await handle.db.select({ n: count() }).from(users);
    if (handle.kind === 'postgres' && Number(n) > 0 && !values.reset) {
      throw new Error('PostgreSQL database is not empty: pass --reset to replace its data with the demo');
    }
    const t0 = Date.now();
    const summary = await seedDemo(handle, { reset: true, adminPassword });
    console.log(
      `Seeded ${where} in ${Date.now() - t0} ms: ${summary.users} accounts, ${summary.devices} devices, ` +
        `${summary.positions} positions, ${summary.stock} stock rows.`,
    );
    console.log(
      `Accounts: admin, agent, subagent, user, demo (id 6), ... password ${adminPassword ? `${DEMO_PASSWORD} (admin: ADMIN_PASSWORD)` : DEMO_PASSWORD}.`,
    );
  } finally {
    await handle.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
