import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { devices } from '../../../server/db/schema/devices';
import { users } from '../../../server/db/schema/users';
import { SEED_USER_IDS } from '../../../server/db/seed/index';
import type { Harness } from '../harness';
import type { Hints } from './operations';

/**
 * What a caller's plausible requests name: one of its devices with a position, and an account
 * it may change. Writes aimed at the agent's own account would lock it out, so an agent aims
 * them at a child of its own, created here.
 */
export async function hintsFor(h: Harness, role: 'demo' | 'user' | 'agent', token: string): Promise<Hints> {
  let userId: number = SEED_USER_IDS[role];
  if (role === 'agent') {
    const r = await h.post('/api/user/insertUser', { username: 'hostile-target', password: '123456', role: 3 }, token);
    userId = r.data?.id ?? (await h.idOf('hostile-target'));
  }
  const [target] = await h.handle.db.select().from(users).where(eq(users.id, userId));
  const owned = await h.handle.db
    .select({ t: devices.terminalId })
    .from(devices)
    .where(and(eq(devices.userId, role === 'agent' ? SEED_USER_IDS.user : userId), isNotNull(devices.lat)))
    .orderBy(asc(devices.id))
    .limit(1);
  const today = new Date().toISOString().slice(0, 10);
  return { terminalId: owned[0].t, userId, username: target.username, today };
}
