import { and, eq, inArray, sql } from 'drizzle-orm';
import { DEVICE_BATCH_MAX, parseTerminalIds } from '../../../src/domain/device-rules';
import { FENCE_POST_TYPES, type FenceAlarmMode } from '../../../src/domain/fence/rules';
import { MESSAGES, type MessageKey } from '../../../src/domain/messages';
import type { Db } from '../../db/client';
import { devices } from '../../db/schema/devices';
import { fenceDevices } from '../../db/schema/fence-devices';
import { users } from '../../db/schema/users';
import { badRequest, notFound } from '../../lib/errors';
import type { AuthContext } from '../../plugins/auth';
import type { BatchFailure, BatchResult } from '../batch/run';
import { deviceScope } from '../devices/lookup';
import { scopeOf } from '../scope';
import { fencesChanged, type FenceContext } from './context';
import { loadFenceInScope } from './view';
import { inIds } from '../../lib/sql';

/**
 * fence/allocate and fence/unallocate (docs/api/fences.md). Each device succeeds or fails on
 * its own, as in the batch device calls: one unknown or outside the caller's subtree fails with
 * notFound and nothing is written for it.
 */
export interface AllocateInput {
  fenceId: number;
  terminalIDs?: readonly string[];
  /** Accounts of the caller's subtree: each one's own devices are allocated too. */
  userIds?: readonly number[];
  alarmMode?: FenceAlarmMode;
  postType?: number;
  inMinutes?: number;
  outMinutes?: number;
}

export interface UnallocateInput {
  fenceId: number;
  terminalIDs: readonly string[];
}

/** Devices per statement: 1000 rows of 6 values stay far below PostgreSQL's parameter limit. */
const CHUNK = 1000;

const failure = (terminalID: string, key: MessageKey): BatchFailure => ({
  terminalID,
  key,
  message: MESSAGES[key],
});

function checkCount(ids: readonly string[]) {
  if (ids.length === 0) throw badRequest('deviceListEmpty');
  if (ids.length > DEVICE_BATCH_MAX) throw badRequest('batchTooLarge');
}

/** The terminal ids of the accounts' own devices; every account must be in the caller's subtree. */
async function devicesOfAccounts(db: Db, auth: AuthContext, userIds: readonly number[]): Promise<string[]> {
  const ids = [...new Set(userIds)];
  if (!ids.length) return [];
  const reachable = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), scopeOf(auth)));
  if (reachable.length !== ids.length) throw notFound();
  const rows = await db
    .select({ t: devices.terminalId })
    .from(devices)
    .where(and(inIds(devices.userId, ids), deviceScope(db, auth)))
    .limit(DEVICE_BATCH_MAX + 1);
  return rows.map((r) => r.t);
}

/** Runs `apply` on the caller's devices among `ids`, chunk by chunk; the others fail notFound. */
async function eachInScope(
  db: Db,
  auth: AuthContext,
  ids: readonly string[],
  apply: (part: { id: number; terminalId: string }[]) => Promise<void>,
): Promise<BatchResult> {
  const failed: BatchFailure[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) {
    const part = ids.slice(i, i + CHUNK);
    const rows = await db
      .select({ id: devices.id, terminalId: devices.terminalId })
      .from(devices)
      .where(and(inArray(devices.terminalId, part), deviceScope(db, auth)));
    const found = new Set(rows.map((r) => r.terminalId));
    for (const t of part) if (!found.has(t)) failed.push(failure(t, 'notFound'));
    if (rows.length) await apply(rows);
  }
  return { total: ids.length, succeeded: ids.length - failed.length, failed };
}

export async function allocateFence(ctx: FenceContext, input: AllocateInput): Promise<BatchResult> {
  const { db, auth } = ctx;
  const fence = await loadFenceInScope(db, auth, input.fenceId);
  const ids = parseTerminalIds([
    ...(input.terminalIDs ?? []),
    ...(await devicesOfAccounts(db, auth, input.userIds ?? [])),
  ]);
  checkCount(ids);
  const rule = {
    alarmMode: input.alarmMode ?? 'inout',
    postType: input.postType ?? FENCE_POST_TYPES.platform,
    inMinutes: input.inMinutes ?? 0,
    outMinutes: input.outMinutes ?? 0,
  };
  const result = await eachInScope(db, auth, ids, async (part) => {
    // A device already allocated keeps its side (the engine's state); only the rule changes.
    await db
      .insert(fenceDevices)
      .values(part.map((d) => ({ fenceId: fence.id, deviceId: d.id, ...rule })))
      .onConflictDoUpdate({
        target: [fenceDevices.fenceId, fenceDevices.deviceId],
        set: {
          alarmMode: sql`excluded.alarm_mode`,
          postType: sql`excluded.post_type`,
          inMinutes: sql`excluded.in_minutes`,
          outMinutes: sql`excluded.out_minutes`,
        },
      });
  });
  if (result.succeeded) fencesChanged(ctx);
  return result;
}

/** Removes allocations; a device of the caller's subtree that was not allocated succeeds too. */
export async function unallocateFence(ctx: FenceContext, input: UnallocateInput): Promise<BatchResult> {
  const { db, auth } = ctx;
  const fence = await loadFenceInScope(db, auth, input.fenceId);
  const ids = parseTerminalIds(input.terminalIDs);
  checkCount(ids);
  const result = await eachInScope(db, auth, ids, async (part) => {
    await db.delete(fenceDevices).where(
      and(
        eq(fenceDevices.fenceId, fence.id),
        inArray(
          fenceDevices.deviceId,
          part.map((d) => d.id),
        ),
      ),
    );
  });
  if (result.succeeded) fencesChanged(ctx);
  return result;
}
