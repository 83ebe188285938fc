import type { TransferDeviceStatus } from '../../../src/domain/ip-transfer';
import { simulatedOrder } from '../../sim/fleet';
import type { Db } from '../client';
import { ipTransferDevices, ipTransfers } from '../schema/ip-transfers';
import { SEED_USER_IDS as U } from './accounts';
import type { NewDeviceRow } from './devices';

const MIN = 60_000;
/** The outcome of each device of the demo transfer, in order. */
const OUTCOMES: TransferDeviceStatus[] = [
  'moved',
  'moved',
  'moved',
  'moved',
  'moved',
  'acked',
  'failed',
  'offline',
];

/**
 * One finished IP transfer of yesterday (docs/factory/ip-transfer.md), so the result screens
 * of a fresh `npm start` show something: the last GT06 vehicles the simulator never drives,
 * most moved, one confirmed but not seen, one refused, one offline.
 */
export async function seedIpTransfers(db: Db, fleet: readonly NewDeviceRow[], now: Date) {
  const picks = simulatedOrder(fleet, 'gt06')
    .map(({ d }) => d)
    .slice(-OUTCOMES.length);
  if (picks.length < OUTCOMES.length) return;
  const at = new Date(now.getTime() - 24 * 60 * MIN);
  const [t] = await db
    .insert(ipTransfers)
    .values({
      name: 'Demo: yard trucks to the backup server',
      host: 'gw2.example.com',
      port: 7023,
      status: 'done',
      total: picks.length,
      createdBy: U.testtransferip,
      createdAt: at,
    })
    .returning({ id: ipTransfers.id });
  await db.insert(ipTransferDevices).values(
    picks.map((d, i) => {
      const status = OUTCOMES[i];
      const sent = status !== 'offline';
      return {
        transferId: t.id,
        terminalId: d.terminalId,
        deviceId: d.id ?? null,
        protocol: d.protocol,
        fromAddr: sent ? '10.0.0.5:5023' : '',
        status,
        result: status === 'failed' ? 'Command error' : sent ? 'OK' : null,
        sentAt: sent ? new Date(at.getTime() + 2000) : null,
        movedAt: status === 'moved' ? new Date(at.getTime() + (20 + i * 7) * 1000) : null,
      };
    }),
  );
}
