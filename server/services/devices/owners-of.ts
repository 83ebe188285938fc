import { inArray } from 'drizzle-orm';
import { IMEI_SEARCH_MAX_LINES } from '../../../src/domain/device-rules';
import { parseLines } from '../../../src/domain/validators';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/users';
import type { AuthContext } from '../../plugins/auth';
import { deviceRowsInScope } from './lookup';
import { ownerPaths } from './rows';

/**
 * findAllUserByTerminalIdList: for each pasted IMEI, the account owning it and the chain of
 * accounts from the caller down to it (who sold it to whom). The chain never goes above the
 * caller; IMEIs that are unknown or outside the caller's scope are listed as not found alike.
 */
export async function ownersOfTerminals(db: Db, auth: AuthContext, imeis: string) {
  const wanted = [...new Set(parseLines(imeis))].slice(0, IMEI_SEARCH_MAX_LINES);
  const found = await deviceRowsInScope(db, auth, wanted);
  const ownerIds = [...new Set([...found.values()].map((r) => r.userId ?? 0))].filter((id) => id > 0);
  const paths = await ownerPaths(db, auth.user.id, ownerIds);
  const rows = ownerIds.length
    ? await db
        .select({ id: users.id, username: users.username, nickname: users.nickname, role: users.role })
        .from(users)
        .where(inArray(users.id, ownerIds))
    : [];
  const owners = new Map(rows.map((o) => [o.id, o]));
  return {
    list: wanted.flatMap((t) => {
      const d = found.get(t);
      const owner = d ? owners.get(d.userId ?? 0) : undefined;
      if (!d || !owner) return [];
      return [{ terminalID: t, nickname: d.nickname, owner, ownerPath: paths.get(owner.id) ?? [] }];
    }),
    missing: wanted.filter((t) => !found.has(t)),
  };
}
