import { createMongoAbility } from '@casl/ability';
import { eq } from 'drizzle-orm';
import { DEMO_AREA_NAMES, demoPermissions, type DemoArea } from '../../../config/demo-areas';
import { DEMO_USER_ID } from '../../../config/roles';
import { splitPermission, writeRule, type AppAbility } from '../../../src/domain/ability';
import type { Db } from '../../db/client';
import { systemSettings } from '../../db/schema/system-settings';
import { ReadCache } from '../../lib/read-cache';

export const DEMO_SETTING_KEY = 'demoAccount';

/**
 * The stored shape of the system setting `demoAccount`: `{userId, areas}`. Without a row (or
 * with a value that does not parse) the demo is config/roles.ts's DEMO_USER_ID seeing every area.
 */
export interface DemoSetting {
  userId: number;
  /** What the demo may see (config/demo-areas.ts). */
  areas: DemoArea[];
}

export function parseDemoSetting(value: unknown): DemoSetting {
  const v = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  const id = Number(v.userId);
  const userId = Number.isInteger(id) && id > 0 ? id : DEMO_USER_ID;
  const areas = Array.isArray(v.areas)
    ? DEMO_AREA_NAMES.filter((a) => (v.areas as unknown[]).includes(a))
    : [...DEMO_AREA_NAMES];
  return { userId, areas };
}

// Read on every token resolution: shared briefly and cleared by any write (server/lib/read-cache.ts).
const cache = new ReadCache<DemoSetting>();

/** After a save: this node reads the new setting at once. */
export function forgetDemoSetting() {
  cache.clear();
}

export function loadDemoSetting(db: Db): Promise<DemoSetting> {
  return cache.get('demo', async () => {
    const [row] = await db
      .select({ value: systemSettings.value })
      .from(systemSettings)
      .where(eq(systemSettings.key, DEMO_SETTING_KEY))
      .limit(1);
    return parseDemoSetting(row?.value ?? null);
  });
}

/**
 * The demo account's ability: its role's permissions restricted to the areas it may see, and
 * no write (refused with the demo's message, as the UI shows it).
 */
export function demoAbility(role: number | null | undefined, areas: readonly DemoArea[]): AppAbility {
  return createMongoAbility<[string, string]>([
    ...demoPermissions(role, areas).map((p) => {
      const [action, subject] = splitPermission(p);
      return { action, subject };
    }),
    writeRule(true),
  ]);
}
