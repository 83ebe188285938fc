import { eq, inArray } from 'drizzle-orm';
import type { BatchPlan, PlanAccount } from '../../../src/domain/batch-plan';
import { displayName } from '../../../src/domain/device-view';
import { devices } from '../../db/schema/devices';
import { users, type UserRow } from '../../db/schema/users';
import { planDeviceBatch, type BatchContext, type BatchSpec } from '../batch/run';

const CHUNK = 1000;

export const planAccount = (u: Pick<UserRow, 'id' | 'username' | 'nickname'>): PlanAccount => ({
  id: u.id,
  username: u.username,
  nickname: u.nickname,
});

/**
 * The preview of a batch that moves devices to another account (transfer, sale): its dry run
 * (planDeviceBatch, the batch's own checks), each device it would move with its name and
 * current owner, and the account receiving them.
 */
export async function previewMove(
  ctx: BatchContext,
  req: { terminalIDs: readonly string[] },
  spec: BatchSpec,
  newOwner: Pick<UserRow, 'id' | 'username' | 'nickname'>,
): Promise<BatchPlan> {
  const { result, ready } = await planDeviceBatch(ctx, req, spec);
  const described = new Map<number, BatchPlan['items'][number]>();
  const ids = ready.map((d) => d.id);
  for (let i = 0; i < ids.length; i += CHUNK) {
    const rows = await ctx.db
      .select({
        id: devices.id,
        terminalID: devices.terminalId,
        nickname: devices.nickname,
        carNumber: devices.carNumber,
        owner: users.username,
      })
      .from(devices)
      .leftJoin(users, eq(users.id, devices.userId))
      .where(inArray(devices.id, ids.slice(i, i + CHUNK)));
    for (const r of rows)
      described.set(r.id, { terminalID: r.terminalID, name: displayName(r), owner: r.owner ?? '' });
  }
  return {
    ...result,
    // In the order asked, as the batch goes through them.
    items: ready.map((d) => described.get(d.id) ?? { terminalID: d.terminalId, name: d.terminalId }),
    newOwner: planAccount(newOwner),
  };
}
