import { eq, inArray } from 'drizzle-orm';
import { DEVICE_BATCH_MAX } from '../../../../src/domain/device-rules';
import type { Db } from '../../../db/client';
import { commandBatchItems, commandBatches } from '../../../db/schema/command-batches';
import { deviceTypes } from '../../../db/schema/device-types';
import { devices } from '../../../db/schema/devices';
import { users } from '../../../db/schema/users';
import { badRequest } from '../../../lib/errors';
import type { AuthContext } from '../../../plugins/auth';
import { batchIds } from '../../batch/run';
import { loadInScope, subtreeOf } from '../../scope';
import type { CommandRequest } from '../resolve';
import type { BatchToRun } from './runner';

/** A multipleCmd request: the devices (listed, or every device of an account) and the command. */
export interface BatchRequest extends CommandRequest {
  terminalIDs?: string[];
  accountId?: number;
  includeSubAccounts?: boolean;
  /** The client's key of the batch: its websocket progress is told under it. */
  batchId: string;
}

/** Rows per INSERT of the items. */
const CHUNK = 1000;
const LABEL_MAX = 200;

/** The terminal ids of every device of an account of the caller's subtree (and its subtree's). */
async function accountTerminalIds(db: Db, auth: AuthContext, accountId: number, subtree: boolean) {
  const account = await loadInScope(db, auth, accountId);
  const owners = db.select({ id: users.id }).from(users).where(subtreeOf(account));
  const rows = await db
    .select({ t: devices.terminalId })
    .from(devices)
    .where(subtree ? inArray(devices.userId, owners) : eq(devices.userId, account.id))
    .orderBy(devices.id)
    .limit(DEVICE_BATCH_MAX + 1);
  return batchIds(rows.map((r) => r.t));
}

/** The listed devices, else every device of the account; neither is an empty list. */
async function deviceIds(db: Db, auth: AuthContext, req: BatchRequest): Promise<string[]> {
  if (req.terminalIDs?.length) return batchIds(req.terminalIDs);
  if (req.accountId != null)
    return accountTerminalIds(db, auth, req.accountId, req.includeSubAccounts ?? false);
  throw badRequest('deviceListEmpty');
}

/** What lists call the batch: the command's label key, or the text typed. */
async function labelOf(db: Db, req: CommandRequest): Promise<string> {
  if (!req.commandKey) return (req.content ?? '').trim().slice(0, LABEL_MAX);
  const types = await db.select({ config: deviceTypes.commandConfig }).from(deviceTypes);
  for (const t of types) {
    const def = t.config.commands.find((c) => c.key === req.commandKey);
    if (def?.raw)
      return (
        String(req.params?.text ?? '')
          .trim()
          .slice(0, LABEL_MAX) || def.labelKey
      );
    if (def) return def.labelKey;
  }
  return req.commandKey;
}

/**
 * Stores a batch and one pending item per device, in the order given, and answers what the
 * runner needs. Whole-request refusals: no command (commandEmpty), no devices
 * (deviceListEmpty), more than 10,000 (batchTooLarge), an account outside the caller's subtree
 * (404 notFound), a batch key already used (batchIdTaken). Each device is checked when its turn
 * comes, so a device that moves out of reach meanwhile is not sent the command.
 */
export async function createBatch(
  db: Db,
  auth: AuthContext,
  req: BatchRequest,
  nodeId: string,
): Promise<BatchToRun> {
  const request: CommandRequest = req.commandKey
    ? { commandKey: req.commandKey, params: req.params ?? {} }
    : { content: req.content };
  if (!req.commandKey && !req.content?.trim()) throw badRequest('commandEmpty');
  const ids = await deviceIds(db, auth, req);
  const label = await labelOf(db, request);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(commandBatches)
      .values({
        batchKey: req.batchId,
        userId: auth.user.id,
        commandKey: request.commandKey ?? null,
        params: request.params ?? null,
        content: request.content ?? null,
        label,
        total: ids.length,
        node: nodeId,
      })
      .onConflictDoNothing({ target: commandBatches.batchKey })
      .returning({ id: commandBatches.id });
    if (!row) throw badRequest('batchIdTaken');
    const items: BatchToRun['items'] = [];
    for (let i = 0; i < ids.length; i += CHUNK) {
      const rows = await tx
        .insert(commandBatchItems)
        .values(ids.slice(i, i + CHUNK).map((terminalId) => ({ batchId: row.id, terminalId })))
        .returning({ id: commandBatchItems.id, terminalId: commandBatchItems.terminalId });
      const byTerminal = new Map(rows.map((r) => [r.terminalId, r.id]));
      for (const terminalId of ids.slice(i, i + CHUNK))
        items.push({ id: byTerminal.get(terminalId)!, terminalId });
    }
    return { id: row.id, key: req.batchId, auth, request, items };
  });
}
