import type { Db } from '../../db/client';
import { forgetAuth } from '../../plugins/auth';
import { deleteUserSessions } from '../sessions';

/**
 * Ends a user's other logins after its password changed: deleted in the database (every node) and
 * forgotten by this node's session read cache at once, so a dropped token stops working here with
 * the answer; other nodes of a cluster may accept it for up to READ_CACHE_MS more.
 */
export async function endOtherSessions(db: Db, userId: number, keep?: string): Promise<void> {
  for (const hash of await deleteUserSessions(db, userId, keep)) forgetAuth(hash);
}
