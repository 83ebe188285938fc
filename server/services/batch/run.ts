import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { DEVICE_BATCH_MAX, parseTerminalIds } from '../../../src/domain/device-rules';
import { MESSAGES, type MessageKey } from '../../../src/domain/messages';
import type { EventBus } from '../../bus/types';
import type { Db } from '../../db/client';
import { devices } from '../../db/schema/devices';
import { users } from '../../db/schema/users';
import { AppError, badRequest } from '../../lib/errors';
import type { AuthContext } from '../../plugins/auth';
import { progressReporter } from '../../realtime/batch-progress';
import { clearCountCache } from '../devices/count-cache';
import { scopeOf } from '../scope';

export interface BatchFailure {
  terminalID: string;
  key: MessageKey;
  message: string;
}

export interface BatchResult {
  total: number;
  succeeded: number;
  failed: BatchFailure[];
}

/** The device columns a batch rule may look at. */
export interface BatchDevice {
  id: number;
  terminalId: string;
  userId: number | null;
  platformExpireAt: Date | null;
  userExpireAt: Date | null;
}

export interface BatchSpec {
  /** Per-device rule: a key fails that device alone. */
  check?: (d: BatchDevice) => MessageKey | null;
  /** The change, the same for every device (one UPDATE per chunk). */
  set: Partial<typeof devices.$inferInsert>;
  /** A part of the change of each device's own (a drawn password): one UPDATE per device. */
  setEach?: (d: BatchDevice) => Partial<typeof devices.$inferInsert>;
  /** Runs after each chunk with the devices it changed (sessions to end, caches to drop). */
  onApplied?: (ids: number[]) => Promise<void>;
}

export interface BatchContext {
  db: Db;
  bus: EventBus;
  auth: AuthContext;
  /** Factory routes (issue 15, behind the factory permission): every device, whoever owns it. */
  factory?: boolean;
}

/** Devices per statement: one UPDATE ... WHERE id IN (500 ids) is fast and keeps locks short. */
const CHUNK = 500;

const failure = (terminalID: string, key: MessageKey): BatchFailure => ({
  terminalID,
  key,
  message: MESSAGES[key],
});

/** The terminalIDs of a batch request, checked against the batch limits. */
export function batchIds(terminalIDs: readonly string[]): string[] {
  const ids = parseTerminalIds(terminalIDs);
  if (ids.length === 0) throw badRequest('deviceListEmpty');
  if (ids.length > DEVICE_BATCH_MAX) throw badRequest('batchTooLarge');
  return ids;
}

function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Applies one change to many devices, each on its own (docs/api/devices.md, BatchResult):
 * a device that is unknown or outside the caller's subtree fails with notFound, one that breaks
 * the spec's rule fails with its key; the rest are written chunk by chunk, each chunk one UPDATE
 * in a transaction whose WHERE repeats the scope, so a device moved out of reach meanwhile is
 * reported, not changed. A chunk that fails is retried device by device, so one bad device
 * cannot take the others down and no device is ever half-changed. Progress goes to the
 * caller's websockets while it runs.
 */
export async function runDeviceBatch(
  ctx: BatchContext,
  req: { terminalIDs: readonly string[]; batchId?: string },
  spec: BatchSpec,
): Promise<BatchResult> {
  return (await checkOrRun(ctx, req, spec, false)).result;
}

/**
 * The batch's dry run (issue 32: a preview before a transfer): the same devices through the same
 * scope and rule, stopping before the change. `ready` are the devices it would change.
 */
export async function planDeviceBatch(
  ctx: BatchContext,
  req: { terminalIDs: readonly string[] },
  spec: BatchSpec,
): Promise<{ result: BatchResult; ready: BatchDevice[] }> {
  return checkOrRun(ctx, req, spec, true);
}

async function checkOrRun(
  ctx: BatchContext,
  req: { terminalIDs: readonly string[]; batchId?: string },
  spec: BatchSpec,
  dryRun: boolean,
): Promise<{ result: BatchResult; ready: BatchDevice[] }> {
  const ids = batchIds(req.terminalIDs);
  const { db, auth } = ctx;
  const progress = progressReporter(ctx.bus, auth.user.id, dryRun ? undefined : req.batchId, ids.length);
  const planned: BatchDevice[] = [];
  const failed: BatchFailure[] = [];
  let done = 0;
  const owners = db.select({ id: users.id }).from(users).where(scopeOf(auth));
  const inScope: SQL[] = ctx.factory ? [] : [inArray(devices.userId, owners)];
  if (auth.deviceId != null) inScope.push(eq(devices.id, auth.deviceId));

  for (const part of chunks(ids)) {
    const rows = await db
      .select({
        id: devices.id,
        terminalId: devices.terminalId,
        userId: devices.userId,
        platformExpireAt: devices.platformExpireAt,
        userExpireAt: devices.userExpireAt,
      })
      .from(devices)
      .where(and(inArray(devices.terminalId, part), ...inScope));
    const found = new Map(rows.map((r) => [r.terminalId, r]));
    const ready: BatchDevice[] = [];
    for (const t of part) {
      const d = found.get(t);
      const key = !d ? 'notFound' : (spec.check?.(d) ?? null);
      if (key) failed.push(failure(t, key));
      else ready.push(d!);
    }
    if (dryRun) planned.push(...ready);
    else failed.push(...(await applyChunk(db, ready, spec, inScope)));
    done += part.length;
    progress.update(done, failed.length);
  }
  if (!dryRun) clearCountCache();
  await progress.finish(failed.length);
  return { result: { total: ids.length, succeeded: ids.length - failed.length, failed }, ready: planned };
}

async function applyChunk(
  db: Db,
  ready: BatchDevice[],
  spec: BatchSpec,
  inScope: SQL[],
): Promise<BatchFailure[]> {
  if (!ready.length) return [];
  const set = { ...spec.set, updatedAt: new Date() };
  const where = (ids: number[]) => and(inArray(devices.id, ids), ...inScope);
  const write = async (tx: Db, part: BatchDevice[]) => {
    if (!spec.setEach)
      return tx
        .update(devices)
        .set(set)
        .where(where(part.map((d) => d.id)))
        .returning({ id: devices.id });
    const out: { id: number }[] = [];
    for (const d of part)
      out.push(
        ...(await tx
          .update(devices)
          .set({ ...set, ...spec.setEach(d) })
          .where(where([d.id]))
          .returning({ id: devices.id })),
      );
    return out;
  };
  try {
    const updated = await db.transaction(async (tx) => new Set((await write(tx, ready)).map((r) => r.id)));
    await spec.onApplied?.([...updated]);
    return ready.filter((d) => !updated.has(d.id)).map((d) => failure(d.terminalId, 'notFound'));
  } catch (e) {
    if (ready.length === 1) return [failure(ready[0]!.terminalId, e instanceof AppError ? e.key : 'network')];
    const out: BatchFailure[] = [];
    for (const d of ready) out.push(...(await applyChunk(db, [d], spec, inScope)));
    return out;
  }
}
