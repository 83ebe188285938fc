import { eq } from 'drizzle-orm';
import {
  checkTransferLines,
  checkTransferTarget,
  transferCounts,
  type TransferDeviceStatus,
  type TransferLine,
} from '../../../src/domain/ip-transfer';
import type { MessageKey } from '../../../src/domain/messages';
import { parseLines } from '../../../src/domain/validators';
import type { Db } from '../../db/client';
import { ipTransferDevices, ipTransfers } from '../../db/schema/ip-transfers';
import { badField, badRequest } from '../../lib/errors';
import { chunks } from '../stock/common';
import type { TransferRunner } from './runner';
import { loadTargets } from './targets';

/** How long the request waits for the sends: 100 trackers answer well within it; more run on. */
export const TRANSFER_WAIT_MS = 5000;

export interface TransferInput {
  imeis: string;
  host: string;
  port: number;
  name?: string;
}

/** A line of the report: `outcome` is its device's status once the transfer holds it. */
export type TransferReportLine = TransferLine & { outcome?: TransferDeviceStatus };

/** Why a device's line is not a success, by its status. */
const STATUS_KEY: Partial<Record<TransferDeviceStatus, MessageKey>> = {
  offline: 'transferOffline',
  failed: 'transferRefused',
};

/**
 * transferIp: checks the lines and the target, records the transfer with each known terminal's
 * current address (offline ones marked offline, not sent), sends the others the server-address
 * command in the background and answers the per-line report once the sends are done or after
 * TRANSFER_WAIT_MS (lines still "pending" then; the result screens follow them).
 */
export async function createTransfer(
  deps: { db: Db; runner: TransferRunner; userId: number | null; waitMs?: number },
  input: TransferInput,
) {
  const { db } = deps;
  const host = input.host.trim();
  const target = checkTransferTarget(host, input.port);
  if (target) throw badField(target, target === 'transferHostInvalid' ? 'host' : 'port');
  const lines: TransferReportLine[] = checkTransferLines(parseLines(input.imeis));
  if (lines.length === 0) throw badRequest('importEmpty');

  const targets = await loadTargets(
    db,
    lines.filter((l) => l.ok).map((l) => l.terminalID),
  );
  for (const l of lines)
    if (l.ok && !targets.has(l.terminalID)) Object.assign(l, { ok: false, key: 'transferUnknown' });
  const known = [...targets.values()];
  if (known.length === 0) return { transferId: null, ...transferCounts([]), results: lines };

  const transferId = await db.transaction(async (tx) => {
    const [t] = await tx
      .insert(ipTransfers)
      .values({
        name: (input.name ?? '').trim(),
        host,
        port: input.port,
        total: known.length,
        createdBy: deps.userId,
      })
      .returning({ id: ipTransfers.id });
    for (const part of chunks(known))
      await tx.insert(ipTransferDevices).values(
        part.map((k) => ({
          transferId: t.id,
          terminalId: k.terminalId,
          deviceId: k.deviceId,
          protocol: k.protocol,
          fromAddr: k.fromAddr,
          status: k.online ? ('pending' as const) : ('offline' as const),
        })),
      );
    return t.id;
  });

  const online = known.filter((k) => k.online);
  const sends = deps.runner.run(transferId, online, host, input.port);
  await Promise.race([sends, new Promise((r) => setTimeout(r, deps.waitMs ?? TRANSFER_WAIT_MS))]);

  const rows = await db
    .select({ terminalId: ipTransferDevices.terminalId, status: ipTransferDevices.status })
    .from(ipTransferDevices)
    .where(eq(ipTransferDevices.transferId, transferId));
  const status = new Map(rows.map((r) => [r.terminalId, r.status as TransferDeviceStatus]));
  for (const l of lines) {
    const s = l.ok ? status.get(l.terminalID) : undefined;
    if (!s) continue;
    l.outcome = s;
    const key = STATUS_KEY[s];
    if (key) Object.assign(l, { ok: false, key });
  }
  return { transferId, ...transferCounts(rows.map((r) => r.status)), results: lines };
}
