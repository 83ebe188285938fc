import type { Db } from '../client';
import { deviceCounts } from '../schema/device-counts';
import { systemSettings } from '../schema/system-settings';
import { users } from '../schema/users';
import { SEED_USER_IDS as U } from './accounts';
import type { NewDeviceRow } from './devices';
import { seedRenewals } from './renewals';

/** Commerce and configuration demo rows: counts, cards, prices, orders, codes, settings. */


/** Direct and subtree device counts of every agent, computed from the fleet. */
export function buildDeviceCounts(fleet: NewDeviceRow[], accounts: (typeof users.$inferInsert)[]) {
  const agents = accounts.filter((a) => a.role === 2);
  return agents.map((a) => {
    const subtree = new Set(
      accounts.filter((u) => u.id === a.id || `${u.ancestors},`.includes(`,${a.id},`)).map((u) => u.id),
    );
    return {
      userId: a.id!,
      deviceCount: fleet.filter((d) => d.userId === a.id).length,
      totalDeviceCount: fleet.filter((d) => subtree.has(d.userId ?? -1)).length,
    };
  });
}

export async function seedCommerce(
  db: Db,
  fleet: NewDeviceRow[],
  accounts: (typeof users.$inferInsert)[],
  now: Date,
) {
  await db.insert(deviceCounts).values(buildDeviceCounts(fleet, accounts));

  await seedRenewals(db, fleet, now);

  // System configuration: no map key yet (the offline basemap is used), a demo api key.
  await db.insert(systemSettings).values([
    { key: 'mapKey', value: null, updatedBy: U.admin },
    { key: 'apiKey', value: 'fg_demo_3b9f2c7a41d84e6f9a0c5e1d2b7f8a46', updatedBy: U.admin },
  ]);
}
