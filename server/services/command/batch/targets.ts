import { inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { devices } from '../../../db/schema/devices';
import { stock } from '../../../db/schema/stock';
import { AppError } from '../../../lib/errors';
import type { AuthContext } from '../../../plugins/auth';
import { loadDevicesInScope } from '../../device-scope';
import { commandSetOf, resolveAgainst } from '../resolve';
import { sendToTerminal } from '../terminal-send';
import { answeredItem, failedItem, runItem, type ItemContext, type ItemOutcome } from './run-item';

/** A device of a batch as found when its turn comes, and how its command runs. */
export interface ItemTarget {
  deviceId: number | null;
  run: (ctx: ItemContext, onSent: (content: string) => void) => Promise<ItemOutcome>;
}

const LOOKUP = 1000;

/**
 * The batch's devices among `terminalIds`, keyed by terminal id; others are absent (notFound).
 * A console batch finds the caller's subtree's devices. A factory batch finds every imported
 * device (sent through the console's flow, with the command log) and every factory-stock
 * terminal no account holds (sent straight to its connection, sendToTerminal).
 */
export async function batchTargets(
  db: Db,
  auth: AuthContext,
  terminalIds: readonly string[],
  factory: boolean,
): Promise<Map<string, ItemTarget>> {
  const out = new Map<string, ItemTarget>();
  const found = factory ? await allDevices(db, terminalIds) : await loadDevicesInScope(db, auth, terminalIds);
  for (const [t, device] of found)
    out.set(t, { deviceId: device.id, run: (ctx, onSent) => runItem(ctx, device, onSent) });
  if (!factory) return out;
  const rest = terminalIds.filter((t) => !out.has(t));
  for (let i = 0; i < rest.length; i += LOOKUP) {
    const rows = await db
      .select({ t: stock.terminalId, deviceType: stock.deviceType })
      .from(stock)
      .where(inArray(stock.terminalId, rest.slice(i, i + LOOKUP)));
    for (const r of rows)
      out.set(r.t, { deviceId: null, run: (ctx, onSent) => runStockItem(ctx, r.t, r.deviceType, onSent) });
  }
  return out;
}

async function allDevices(db: Db, terminalIds: readonly string[]) {
  const out = new Map<string, typeof devices.$inferSelect>();
  for (let i = 0; i < terminalIds.length; i += LOOKUP) {
    const rows = await db
      .select()
      .from(devices)
      .where(inArray(devices.terminalId, terminalIds.slice(i, i + LOOKUP)));
    for (const r of rows) out.set(r.terminalId, r);
  }
  return out;
}

/**
 * A stock terminal: the command is checked against its device type's set (typed text outside
 * the set needs the raw-command permission, as in the console), then sent to whichever node
 * holds its connection. No command log: the terminal belongs to no account yet.
 */
export async function runStockItem(
  ctx: ItemContext,
  terminalId: string,
  deviceType: string,
  onSent: (content: string) => void,
): Promise<ItemOutcome> {
  let resolved: ReturnType<typeof resolveAgainst>;
  try {
    resolved = resolveAgainst(await commandSetOf(ctx.db, deviceType), ctx.auth, ctx.request);
  } catch (e) {
    if (e instanceof AppError) return failedItem(e.key);
    throw e;
  }
  const { content } = resolved;
  onSent(content);
  const r = await sendToTerminal(ctx.bus, terminalId, { content, reply: resolved.def?.reply }, ctx.timeoutMs);
  if (!r) return failedItem('deviceNotOnline', content);
  return answeredItem(content, r);
}
