import {
  parseOfflineImportLines,
  type OfflineImportLine,
  type OfflineImportResult,
} from '../../../../src/domain/command-batch';
import { mayQueueOffline } from '../../../../src/domain/command-set';
import { supportsOfflineCommands } from '../../../../src/domain/commands';
import { DEVICE_BATCH_MAX } from '../../../../src/domain/device-rules';
import { isDeviceExpired } from '../../../../src/domain/expiry';
import type { MessageKey } from '../../../../src/domain/messages';
import type { Db } from '../../../db/client';
import { commandStatusLog } from '../../../db/schema/command-status-log';
import type { DeviceRow } from '../../../db/schema/devices';
import { offlineCommands } from '../../../db/schema/offline-commands';
import { AppError, badRequest } from '../../../lib/errors';
import type { AuthContext } from '../../../plugins/auth';
import { loadDevicesInScope } from '../../device-scope';
import { nbIdMissing } from '../flow';
import { resolveCommand, type CommandRequest } from '../resolve';

export interface OfflineImportRequest extends CommandRequest {
  /** Pasted text: `IMEI` or `IMEI,command text` per line. */
  lines?: string;
  /** A file's rows, read by the browser: the device and, optionally, its own command. */
  rows?: { terminalID: string; content?: string }[];
  ttlHours?: number;
}

/** Offline commands per INSERT. */
const CHUNK = 500;

interface Accepted {
  result: OfflineImportResult;
  device: DeviceRow;
  content: string;
}

function linesOf(req: OfflineImportRequest): OfflineImportLine[] {
  if (req.lines?.trim()) return parseOfflineImportLines(req.lines);
  return (req.rows ?? []).map((r, i) => {
    const content = r.content?.trim();
    return { line: i + 1, imei: r.terminalID.trim(), ...(content ? { content } : {}) };
  });
}

/**
 * ChBatchOfflineRecordImport: offline commands for many devices at once, each line reported as
 * the device import reports its lines. A line's own command wins over the one of the request.
 * A line fails with its key when the device is not in the caller's subtree (notFound), its
 * protocol keeps no offline commands (deviceNoOfflineCommands), its type refuses the command
 * (commandNotInSet, commandParamRange...) or refuses it offline (commandNotOffline), the device
 * is past its expiry (deviceExpired, docs/expiry.md), an NB-IoT
 * device has no platform id (deviceIdMissing), or the same command for the same device is
 * listed twice (imeiDuplicate). The rest are queued together, a chunk per statement.
 */
export async function importOfflineCommands(
  db: Db,
  auth: AuthContext,
  req: OfflineImportRequest,
  defaultTtlHours: number,
) {
  const lines = linesOf(req);
  if (!lines.length) throw badRequest('deviceListEmpty');
  if (lines.length > DEVICE_BATCH_MAX) throw badRequest('batchTooLarge');
  const found = await loadDevicesInScope(db, auth, [...new Set(lines.map((l) => l.imei))]);
  const body: CommandRequest | null = req.commandKey
    ? { commandKey: req.commandKey, params: req.params ?? {} }
    : req.content?.trim()
      ? { content: req.content }
      : null;
  const seen = new Set<string>();
  const now = Date.now();
  const results: OfflineImportResult[] = [];
  const accepted: Accepted[] = [];
  for (const l of lines) {
    const result: OfflineImportResult = { line: l.line, imei: l.imei, ok: false };
    results.push(result);
    const device = found.get(l.imei);
    const request = l.content ? { content: l.content } : body;
    let key: MessageKey | null = null;
    let content = '';
    if (!device) key = 'notFound';
    else if (!request) key = 'commandEmpty';
    else if (isDeviceExpired(device, now)) key = 'deviceExpired';
    else if (!supportsOfflineCommands(device.protocol)) key = 'deviceNoOfflineCommands';
    else if (nbIdMissing(device)) key = 'deviceIdMissing';
    else {
      try {
        const r = await resolveCommand(db, auth, device.deviceType, request);
        content = r.content;
        if (!mayQueueOffline(r.def)) key = 'commandNotOffline';
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        key = e.key;
      }
    }
    const once = `${l.imei}\n${content.toUpperCase()}`;
    if (!key && seen.has(once)) key = 'imeiDuplicate';
    if (key) {
      result.key = key;
      continue;
    }
    seen.add(once);
    result.ok = true;
    accepted.push({ result, device: device!, content });
  }
  await queueAll(db, auth, accepted, req.ttlHours ?? defaultTtlHours);
  return { imported: accepted.length, total: results.length, results };
}

/** Queues the accepted lines, each with its queued entry in the status log, a chunk per transaction. */
async function queueAll(db: Db, auth: AuthContext, accepted: Accepted[], ttlHours: number) {
  const expiresAt = new Date(Date.now() + ttlHours * 3600_000);
  for (let i = 0; i < accepted.length; i += CHUNK) {
    const part = accepted.slice(i, i + CHUNK);
    await db.transaction(async (tx) => {
      const rows = await tx
        .insert(offlineCommands)
        .values(
          part.map((a) => ({
            deviceId: a.device.id,
            terminalId: a.device.terminalId,
            userId: auth.user.id,
            content: a.content,
            protocol: a.device.protocol,
            expiresAt,
          })),
        )
        .returning({
          id: offlineCommands.id,
          deviceId: offlineCommands.deviceId,
          content: offlineCommands.content,
        });
      // A device appears once per distinct command (duplicates are refused above).
      const ids = new Map(rows.map((r) => [`${r.deviceId}\n${r.content}`, r.id]));
      for (const a of part) a.result.offlineCommandId = ids.get(`${a.device.id}\n${a.content}`);
      await tx.insert(commandStatusLog).values(
        part.map((a) => ({
          offlineCommandId: a.result.offlineCommandId,
          terminalId: a.device.terminalId,
          status: 'queued',
          userId: auth.user.id,
        })),
      );
    });
  }
}
