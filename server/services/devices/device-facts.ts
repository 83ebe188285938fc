import { eq } from 'drizzle-orm';
import { PERMISSIONS as P } from '../../../config/roles';
import { hasAnyPermission } from '../../../src/domain/ability';
import { PROTOCOL_FAMILY } from '../../../src/domain/protocol-family';
import type { Db } from '../../db/client';
import { devices } from '../../db/schema/devices';
import { jt808Registrations } from '../../db/schema/jt808-registrations';
import { demoForbidden, notFound } from '../../lib/errors';
import type { AuthContext } from '../../plugins/auth';
import { loadDeviceInScope } from '../device-scope';

/** getEnableTime: when the device was activated and until when it runs (platform and user expiry). */
export async function enableTime(db: Db, auth: AuthContext, terminalID: string) {
  const d = await loadDeviceInScope(db, auth, terminalID.trim());
  return {
    terminalID: d.terminalId,
    activatedAt: d.activatedAt?.toISOString() ?? null,
    platformExpireAt: d.platformExpireAt?.toISOString() ?? null,
    userExpireAt: d.userExpireAt?.toISOString() ?? null,
    expireType: d.expireType,
  };
}

/** Factory staff set up terminals of every account (and stock not yet imported). */
const isFactory = (auth: AuthContext) => hasAnyPermission(auth.ability, [P.testQc]);

/**
 * findKey: the JT/T 808 authentication code the platform issued to a terminal (staff need it
 * when they set a tracker up by hand); a GT06 tracker logs in by IMEI and needs none. Agents
 * see the codes of their tree's devices; factory staff those of every terminal. The demo
 * account, though an agent, never does: the code lets a tracker impersonate the device.
 */
export async function findKey(db: Db, auth: AuthContext, terminalID: string) {
  if (auth.demo) throw demoForbidden();
  const id = terminalID.trim();
  const device = isFactory(auth)
    ? (await db.select().from(devices).where(eq(devices.terminalId, id)).limit(1))[0]
    : await loadDeviceInScope(db, auth, id);
  const [reg] = await db
    .select()
    .from(jt808Registrations)
    .where(eq(jt808Registrations.terminalId, id))
    .limit(1);
  if (!device && !reg) throw notFound();
  const family = device ? (PROTOCOL_FAMILY[device.protocol] ?? null) : 'jt808';
  // Only JT/T 808 terminals register for a code; the other families log in by IMEI or id alone.
  const needed = family === 'jt808' || (family === null && reg !== undefined);
  return {
    terminalID: id,
    family,
    /** False for GT06, Teltonika, OsmAnd: they identify with their IMEI or id alone. */
    needed,
    authCode: needed ? (reg?.authCode ?? null) : null,
    registeredAt: reg?.registeredAt.toISOString() ?? null,
    authenticatedAt: reg?.authenticatedAt?.toISOString() ?? null,
  };
}
