import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { deviceConnections } from '../../db/schema/device-connections';
import { devices } from '../../db/schema/devices';
import { stock } from '../../db/schema/stock';
import { PROTOCOL_FAMILY } from '../../gateway/families';
import { byKey } from '../stock/common';

/** A terminal a transfer may address: an imported device or a factory-stock terminal. */
export interface TransferTarget {
  terminalId: string;
  deviceId: number | null;
  protocol: number;
  family: 'gt06' | 'jt808' | null;
  /** Its recorded connection: local address:port, and whether it is connected now. */
  fromAddr: string;
  online: boolean;
}

/** The known terminals among `ids` with their current connection (devices first, then stock). */
export async function loadTargets(db: Db, ids: readonly string[]): Promise<Map<string, TransferTarget>> {
  const [dev, stk, conn] = await Promise.all([
    byKey(
      ids,
      (part) =>
        db
          .select({ terminalId: devices.terminalId, id: devices.id, protocol: devices.protocol })
          .from(devices)
          .where(inArray(devices.terminalId, part)),
      (r) => r.terminalId,
    ),
    byKey(
      ids,
      (part) =>
        db
          .select({ terminalId: stock.terminalId, protocol: stock.protocol })
          .from(stock)
          .where(inArray(stock.terminalId, part)),
      (r) => r.terminalId,
    ),
    byKey(
      ids,
      (part) =>
        db
          .select({
            terminalId: deviceConnections.terminalId,
            protocol: deviceConnections.protocol,
            localAddr: deviceConnections.localAddr,
            localPort: deviceConnections.localPort,
            online: deviceConnections.online,
          })
          .from(deviceConnections)
          .where(inArray(deviceConnections.terminalId, part)),
      (r) => r.terminalId,
    ),
  ]);
  const out = new Map<string, TransferTarget>();
  for (const terminalId of ids) {
    const d = dev.get(terminalId);
    const s = stk.get(terminalId);
    if (!d && !s) continue;
    const c = conn.get(terminalId);
    const protocol = d?.protocol ?? s!.protocol;
    out.set(terminalId, {
      terminalId,
      deviceId: d?.id ?? null,
      protocol,
      family: transferFamily(PROTOCOL_FAMILY[c?.protocol ?? protocol]),
      fromAddr: c ? `${c.localAddr}:${c.localPort}` : '',
      online: !!c?.online,
    });
  }
  return out;
}

/** The families with a server-address command of their own (send.ts); others: none known. */
function transferFamily(family: string | undefined): TransferTarget['family'] {
  return family === 'gt06' || family === 'jt808' ? family : null;
}
