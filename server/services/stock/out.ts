import { and, eq, inArray } from 'drizzle-orm';
import { AGENT_ROLES } from '../../../config/roles';
import { parseLines } from '../../../src/domain/validators';
import { checkTerminalLines, STOCK_OP, STOCK_STATE, type StockLine } from '../../../src/domain/stock';
import type { Db } from '../../db/client';
import { stock } from '../../db/schema/stock';
import { users } from '../../db/schema/users';
import { badRequest } from '../../lib/errors';
import type { AuthContext } from '../../plugins/auth';
import { byKey, chunks, nonEmpty, refuseLine, report } from './common';
import { writeRecords } from './records';

interface TakeOut {
  op: typeof STOCK_OP.out | typeof STOCK_OP.removal;
  /** The agent account receiving the terminals; none for a removal. */
  target: { id: number; username: string } | null;
  /** Only terminals that passed the factory test may go to an agent. */
  requireTest: boolean;
  detail: Record<string, unknown>;
}

/**
 * Takes the pasted terminals out of stock, one report line each: unknown, already out, and
 * (when shipping) untested terminals are refused; the rest become `shipped` in one guarded
 * UPDATE, so a terminal another request took out meanwhile is reported as already out.
 */
async function takeOut(db: Db, auth: AuthContext, imeis: string, o: TakeOut) {
  const lines = nonEmpty(checkTerminalLines(parseLines(imeis)));
  const rows = await byKey(
    lines.filter((l) => l.ok).map((l) => l.terminalID),
    (part) =>
      db
        .select({ t: stock.terminalId, status: stock.status, testPassed: stock.testPassed })
        .from(stock)
        .where(inArray(stock.terminalId, part)),
    (r) => r.t,
  );
  for (const l of lines) {
    if (!l.ok) continue;
    const row = rows.get(l.terminalID);
    if (!row) refuseLine(l, 'stockUnknown');
    else if (row.status !== STOCK_STATE.inStock) refuseLine(l, 'stockShipped');
    else if (o.requireTest && !row.testPassed) refuseLine(l, 'stockNotTested');
  }
  const now = new Date();
  const after = { status: STOCK_STATE.shipped, shippedTo: o.target?.username ?? null, shippedAt: now };
  await db.transaction(async (tx) => {
    for (const part of chunks(lines.filter((l) => l.ok))) {
      const taken = await tx
        .update(stock)
        .set({ status: STOCK_STATE.shipped, shippedTo: o.target?.id ?? null, shippedAt: now })
        .where(
          and(
            inArray(
              stock.terminalId,
              part.map((l) => l.terminalID),
            ),
            eq(stock.status, STOCK_STATE.inStock),
            ...(o.requireTest ? [eq(stock.testPassed, true)] : []),
          ),
        )
        .returning({ t: stock.terminalId });
      const done = new Set(taken.map((r) => r.t));
      for (const l of part) if (!done.has(l.terminalID)) refuseLine(l, 'stockShipped');
      await writeRecords(
        tx,
        auth.user.id,
        part
          .filter((l: StockLine) => l.ok)
          .map((l) => ({
            terminalId: l.terminalID,
            op: o.op,
            before: { status: STOCK_STATE.inStock },
            after,
            detail: o.detail,
            targetUserId: o.target?.id ?? null,
          })),
      );
    }
  });
  return report(lines);
}

/** The receiving account of a shipment: an existing account that may hold sub-accounts (an agent). */
async function agentNamed(db: Db, username: string) {
  const [u] = await db
    .select({ id: users.id, username: users.username, role: users.role })
    .from(users)
    .where(eq(users.username, username.trim()));
  if (!u || !(AGENT_ROLES as readonly number[]).includes(u.role)) throw badRequest('shipTargetInvalid');
  return { id: u.id, username: u.username };
}

/**
 * inputImportTerminalIDs: pre-input of terminal ids for an agent. The terminals leave stock for
 * the agent's account (shipped, shipped_to, shipped_at); the agent then imports them.
 */
export async function shipToAgent(
  db: Db,
  auth: AuthContext,
  req: { imeis: string; username: string; remark?: string },
) {
  const target = await agentNamed(db, req.username);
  return takeOut(db, auth, req.imeis, {
    op: STOCK_OP.out,
    target,
    requireTest: true,
    detail: { remark: req.remark?.trim() ?? '' },
  });
}

/**
 * deviceInputOut (the Removal screen): terminals leave stock without going to an agent, for a
 * reason (scrapped, returned to the supplier, kept as samples, sent for repair, lost); tested or
 * not. They show as removed: out of stock with no receiving account.
 */
export async function removeFromStock(
  db: Db,
  auth: AuthContext,
  req: { imeis: string; reason: number; remark?: string },
) {
  return takeOut(db, auth, req.imeis, {
    op: STOCK_OP.removal,
    target: null,
    requireTest: false,
    detail: { reason: req.reason, remark: req.remark?.trim() ?? '' },
  });
}
