import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { EventBus } from '../../bus/types';
import type { Db } from '../../db/client';

/** The product version, read once from package.json. */
export const VERSION: string = (() => {
  try {
    return (
      JSON.parse(readFileSync(join(import.meta.dirname, '../../../package.json'), 'utf8')) as {
        version: string;
      }
    ).version;
  } catch {
    return 'unknown';
  }
})();

/** A check's outcome: ok and how long it took; a failed one says nothing about why (public). */
export interface CheckResult {
  ok: boolean;
  ms: number;
}

const PROBE_TIMEOUT_MS = 2000;

async function timed(run: () => Promise<unknown>): Promise<CheckResult> {
  const start = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), PROBE_TIMEOUT_MS);
  });
  try {
    await Promise.race([run(), timeout]);
    return { ok: true, ms: Math.round(performance.now() - start) };
  } catch {
    return { ok: false, ms: Math.round(performance.now() - start) };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * What the public /_test page may learn of the server: that it answers, its version and clock
 * (the page works out the clock skew), and whether the database and the bus respond. Nothing
 * about accounts, hosts or configuration.
 */
export async function probeFacts(db: Db, bus: EventBus, startedAt: number) {
  const [database, busCheck] = await Promise.all([
    timed(() => db.execute(sql`SELECT 1`)),
    timed(() => bus.flush()),
  ]);
  return {
    version: VERSION,
    serverTime: new Date().toISOString(),
    uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
    database,
    bus: busCheck,
  };
}
