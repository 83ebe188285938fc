import { inArray, sql, type AnyColumn } from 'drizzle-orm';
import { decisiveExpiry } from '../../src/domain/expiry';
import type { Db } from '../db/client';
import { devices } from '../db/schema/devices';
import { users } from '../db/schema/users';
import type { AuthContext } from '../plugins/auth';
import { scopeOf } from '../services/scope';

const epochMs = (c: AnyColumn) => sql`(extract(epoch from ${c}) * 1000)::float8`;

/**
 * The devices a caller may see live (those owned anywhere in its subtree), each with its
 * decisive expiry in epoch ms (null: none), so that the hub can hold back an expired device's
 * positions at the moment it expires, not at the next scope refresh.
 *
 * The database hands the rows over as one JSON text: at 50,000 devices, decoding them row by row
 * in the driver held PGlite's (the server's only) thread for seconds, at every websocket
 * connect and every scope refresh, and the live positions queued behind it.
 */
export async function visibleDevices(db: Db, auth: AuthContext): Promise<Map<number, number | null>> {
  const d = devices;
  const owners = db.select({ id: users.id }).from(users).where(scopeOf(auth));
  const [r] = await db
    .select({
      json: sql<string>`coalesce(json_agg(json_build_array(${d.id}, ${d.expireType},
        ${epochMs(d.platformExpireAt)}, ${epochMs(d.userExpireAt)})), '[]')::text`,
    })
    .from(d)
    .where(auth.deviceId != null ? inArray(d.id, [auth.deviceId]) : inArray(d.userId, owners));
  const rows = JSON.parse(r.json) as [number, number | null, number | null, number | null][];
  const out = new Map<number, number | null>();
  for (const [id, expireType, platformExpireAt, userExpireAt] of rows) {
    out.set(id, decisiveExpiry({ expireType, platformExpireAt, userExpireAt }));
  }
  return out;
}
