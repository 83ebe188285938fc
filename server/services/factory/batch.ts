import { randomUUID } from 'node:crypto';
import type { EventBus } from '../../bus/types';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import type { AuthContext } from '../../plugins/auth';
import type { CommandRequest } from '../command/resolve';
import type { CommandBatchRunner } from '../command/batch/runner';
import { createBatch } from '../command/batch/start';
import { batchTargets } from '../command/batch/targets';
import type { ItemOutcome } from '../command/batch/run-item';

/**
 * Factory batches (mutiCmd, agps, platform apply) on the command console's engine, in the
 * factory scope: every imported device and every factory-stock terminal, whoever owns it.
 */

export interface FactoryDeps {
  db: Db;
  bus: EventBus;
  runner: CommandBatchRunner;
  nodeId: string;
}

/** Stores the batch and starts it; progress goes to the sender's websockets under `batchId`. */
export async function startFactoryBatch(
  d: FactoryDeps,
  auth: AuthContext,
  req: CommandRequest & { terminalIDs: string[]; batchId: string },
) {
  const batch = await createBatch(d.db, auth, req, d.nodeId);
  d.runner.start({ ...batch, factory: true });
  return { id: batch.id, batchId: batch.key, total: batch.items.length };
}

/**
 * Several commands to the same terminals, one batch each, run one after the other (a tracker
 * told its new server address last is not cut off before the others): the batches are stored
 * at once (their items pending) and answered; the runs follow in the background.
 */
export async function startFactorySequence(
  d: FactoryDeps,
  auth: AuthContext,
  terminalIDs: string[],
  commands: CommandRequest[],
  onError: (err: unknown) => void,
) {
  const key = randomUUID();
  const batches = [];
  for (const [i, c] of commands.entries())
    batches.push(
      await createBatch(d.db, auth, { ...c, terminalIDs, batchId: `cfg-${key}-${i + 1}` }, d.nodeId),
    );
  void (async () => {
    for (const b of batches) {
      d.runner.start({ ...b, factory: true });
      await d.runner.whenDone(b.id);
    }
  })().catch(onError);
  return batches.map((b, i) => ({
    id: b.id,
    batchId: b.key,
    commandKey: commands[i]!.commandKey ?? null,
    total: b.items.length,
  }));
}

/** cmdSend: one command to one terminal of the factory scope, the reply awaited. */
export async function sendFactoryCommand(
  d: Omit<FactoryDeps, 'runner' | 'nodeId'>,
  auth: AuthContext,
  terminalId: string,
  request: CommandRequest,
  s: { timeoutMs: number; offlineTtlHours: number },
): Promise<ItemOutcome & { terminalID: string; imported: boolean }> {
  const target = (await batchTargets(d.db, auth, [terminalId], true)).get(terminalId);
  if (!target) throw notFound();
  const o = await target.run({ db: d.db, bus: d.bus, auth, request, ...s }, () => {});
  return { ...o, terminalID: terminalId, imported: target.deviceId != null };
}
