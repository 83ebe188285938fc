import { and, eq, lt, sql } from 'drizzle-orm';
import type { ReplyRule } from '../../../src/domain/command-reply';
import { matchCommand } from '../../../src/domain/command-set';
import { isDeviceExpired } from '../../../src/domain/expiry';
import { SUBJECT } from '../../bus/types';
import { commandStatusLog } from '../../db/schema/command-status-log';
import { commands } from '../../db/schema/commands';
import { devices } from '../../db/schema/devices';
import { offlineCommands } from '../../db/schema/offline-commands';
import type { GatewayContext } from './context';
import { commandSetOf } from '../../services/command/resolve';
import type { CommandOutcome } from './command-channel';

/**
 * Delivers a reconnected device's queued commands in order, each exactly once: a command is
 * claimed (queued → sent) in one statement before it is written to the socket, so a second
 * connection or node can never send it again. Expired ones are marked and skipped; a device
 * past its own expiry is sent none.
 */
export async function deliverQueuedCommands(
  ctx: GatewayContext,
  deviceId: number,
  send: (content: string, rule?: ReplyRule) => Promise<CommandOutcome>,
) {
  const { db } = ctx;
  const expired = await db
    .update(offlineCommands)
    .set({ status: 'expired' })
    .where(
      and(
        eq(offlineCommands.deviceId, deviceId),
        eq(offlineCommands.status, 'queued'),
        lt(offlineCommands.expiresAt, new Date()),
      ),
    )
    .returning({ id: offlineCommands.id, terminalId: offlineCommands.terminalId });
  if (expired.length) {
    await db
      .insert(commandStatusLog)
      .values(expired.map((e) => ({ offlineCommandId: e.id, terminalId: e.terminalId, status: 'expired' })));
  }
  // An expired device takes no command (docs/expiry.md): the queue waits for a renewal, or
  // for the commands' own time to live.
  const [device] = await db
    .select({
      expireType: devices.expireType,
      platformExpireAt: devices.platformExpireAt,
      userExpireAt: devices.userExpireAt,
      deviceType: devices.deviceType,
    })
    .from(devices)
    .where(eq(devices.id, deviceId));
  if (device && isDeviceExpired(device, Date.now())) return;
  // A queued command is judged by its set's rule, as it would have been sent online.
  const set = device ? await commandSetOf(db, device.deviceType) : [];
  for (;;) {
    const [cmd] = await db
      .update(offlineCommands)
      .set({ status: 'sent', attempts: sql`${offlineCommands.attempts} + 1`, lastAttemptAt: new Date() })
      .where(
        eq(
          offlineCommands.id,
          sql`(SELECT id FROM offline_commands WHERE device_id = ${deviceId} AND status = 'queued'
               ORDER BY seq LIMIT 1 FOR UPDATE SKIP LOCKED)`,
        ),
      )
      .returning();
    if (!cmd) return;
    await db
      .insert(commandStatusLog)
      .values({ offlineCommandId: cmd.id, terminalId: cmd.terminalId, status: 'sent', userId: cmd.userId });
    const outcome = await send(cmd.content, matchCommand(set, cmd.content)?.def.reply);
    const delivered = outcome.reply != null;
    await db
      .update(offlineCommands)
      .set({
        status: delivered ? 'delivered' : 'sent',
        reply: outcome.reply,
        deliveredAt: delivered ? new Date() : null,
      })
      .where(eq(offlineCommands.id, cmd.id));
    const [row] = await db
      .insert(commands)
      .values({
        deviceId,
        terminalId: cmd.terminalId,
        userId: cmd.userId,
        content: cmd.content,
        reply: outcome.reply,
        result: outcome.result,
        status: delivered ? 'replied' : 'timeout',
        protocol: cmd.protocol,
        offlineCommandId: cmd.id,
        sentAt: new Date(outcome.sentAt),
        repliedAt: outcome.repliedAt ? new Date(outcome.repliedAt) : null,
      })
      .returning({ id: commands.id });
    await db.insert(commandStatusLog).values({
      offlineCommandId: cmd.id,
      commandId: row.id,
      terminalId: cmd.terminalId,
      status: delivered ? 'delivered' : 'timeout',
      detail: outcome.reply,
    });
    ctx.bus.publish(SUBJECT.commandResult(deviceId), {
      type: 'command',
      deviceId,
      terminalId: cmd.terminalId,
      commandId: row.id,
      offlineCommandId: cmd.id,
      content: cmd.content,
      reply: outcome.reply,
      result: outcome.result,
    });
  }
}
