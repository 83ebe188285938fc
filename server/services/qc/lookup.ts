import { desc, eq, sql } from 'drizzle-orm';
import { itemsText } from '../../../src/domain/qc';
import { stockState, stockTest } from '../../../src/domain/stock';
import type { Db } from '../../db/client';
import { deviceConnections } from '../../db/schema/device-connections';
import { devices } from '../../db/schema/devices';
import { stock } from '../../db/schema/stock';
import { testResults as t } from '../../db/schema/test-results';
import { users } from '../../db/schema/users';

/** Results shown with a terminal (the newest first). */
const RECENT = 5;

/**
 * /test/search: everything the factory knows of one terminal: its stock row and pass record,
 * its latest results and their counts, the account it was imported to, and its connection.
 */
export async function lookupTerminal(db: Db, terminalID: string) {
  const id = terminalID.trim();
  const [[s], recent, [counts], [d], [c]] = await Promise.all([
    db.select().from(stock).where(eq(stock.terminalId, id)),
    db.select().from(t).where(eq(t.terminalId, id)).orderBy(desc(t.testedAt), desc(t.id)).limit(RECENT),
    db
      .select({
        passes: sql<number>`count(*) FILTER (WHERE ${t.passed})::int`,
        failures: sql<number>`count(*) FILTER (WHERE NOT ${t.passed})::int`,
      })
      .from(t)
      .where(eq(t.terminalId, id)),
    db
      .select({ username: users.username, createdAt: devices.createdAt })
      .from(devices)
      .innerJoin(users, eq(users.id, devices.userId))
      .where(eq(devices.terminalId, id)),
    db.select().from(deviceConnections).where(eq(deviceConnections.terminalId, id)),
  ]);
  const latest = recent[0];
  const shippedTo = s?.shippedTo
    ? (await db.select({ u: users.username }).from(users).where(eq(users.id, s.shippedTo)))[0]?.u
    : undefined;
  return {
    terminalID: id,
    known: Boolean(s || latest || d),
    inStock: Boolean(s),
    deviceType: s?.deviceType ?? latest?.deviceType ?? '',
    stockState: s ? stockState(s.status, s.shippedTo) : null,
    shippedTo: shippedTo ?? null,
    test: s ? stockTest(s.testedAt, s.testPassed) : 'untested',
    testedAt: s?.testedAt ?? null,
    importable: Boolean(s?.testPassed) && !d,
    passes: counts?.passes ?? 0,
    failures: counts?.failures ?? 0,
    latestKind: latest?.kind ?? null,
    latestItems: latest ? itemsText(latest.items) : '',
    recent: recent.map((r) => ({ testedAt: r.testedAt, kind: r.kind, passed: r.passed })),
    imported: Boolean(d),
    importedTo: d?.username ?? null,
    importedAt: d?.createdAt ?? null,
    online: c?.online ?? false,
    node: c?.node ?? '',
    remoteAddr: c?.remoteAddr ?? '',
    localPort: c?.localPort || null,
    connectedAt: c?.connectedAt ?? null,
  };
}
