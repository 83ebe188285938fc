import { deviceIdCode } from '../../../src/domain/factory';
import { simulatedOrder } from '../../sim/fleet';
import type { Db } from '../client';
import { commandBatchItems, commandBatches } from '../schema/command-batches';
import { deviceIds, nbSubscriptions, platformConfigs } from '../schema/factory-settings';
import { SEED_USER_IDS as U } from './accounts';
import type { NewDeviceRow } from './devices';
import type { stock } from '../schema/stock';

type NewStockRow = typeof stock.$inferInsert;

const MIN = 60_000;

/**
 * Demo data of the factory commands and settings (docs/factory/commands.md), so their screens
 * on a fresh `npm start` are not empty: a finished factory batch (an imported device that
 * answered, one offline, a stock terminal that answered), two NB subscriptions (recorded, not
 * yet on the sandbox platform of the new process: Re-sync puts them there), a batch of GW005
 * ids partly bound to stock terminals, and the agent's platform configuration.
 */
export async function seedFactorySettings(
  db: Db,
  fleet: readonly NewDeviceRow[],
  stockRows: readonly NewStockRow[],
  now: Date,
) {
  const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * MIN);
  const gt06 = simulatedOrder(fleet, 'gt06').map(({ d }) => d.terminalId);
  const stocked = stockRows.filter((s) => s.status !== 'shipped').map((s) => s.terminalId);
  if (gt06.length >= 2 && stocked.length >= 6) {
    const [b] = await db
      .insert(commandBatches)
      .values({
        batchKey: 'demo-factory-timer',
        userId: U.test,
        commandKey: 'uploadInterval',
        params: { interval: 60 },
        label: 'name.uploadInterval',
        total: 3,
        status: 'done',
        createdAt: at(90),
        finishedAt: at(89),
      })
      .returning({ id: commandBatches.id });
    const reply = 'TIMER OK';
    await db.insert(commandBatchItems).values([
      {
        batchId: b!.id,
        terminalId: gt06[0]!,
        status: 'success',
        content: 'TIMER,60#',
        reply,
        result: 1,
        updatedAt: at(89),
      },
      {
        batchId: b!.id,
        terminalId: gt06.at(-1)!,
        status: 'failed',
        reason: 'deviceNotOnline',
        content: 'TIMER,60#',
        updatedAt: at(89),
      },
      {
        batchId: b!.id,
        terminalId: stocked[0]!,
        status: 'success',
        content: 'TIMER,60#',
        reply,
        result: 1,
        updatedAt: at(89),
      },
    ]);
  }
  await db.insert(nbSubscriptions).values([
    {
      kind: 'nb',
      notifyType: 'deviceInfoChanged',
      callbackUrl: 'http://localhost:8080/api/nb/notify/nb',
      createdBy: U.test,
      createdAt: at(600),
    },
    {
      kind: 'ccs',
      notifyType: 'deviceDatasChanged',
      callbackUrl: 'http://localhost:8080/api/nb/notify/ccs',
      createdBy: U.test,
      createdAt: at(590),
    },
  ]);
  await db.insert(deviceIds).values(
    Array.from({ length: 20 }, (_, i) => ({
      code: deviceIdCode('GW', i + 1),
      batchNo: 'GW-DEMO',
      deviceType: 'GW005',
      terminalId: i < 5 ? (stocked[i + 1] ?? null) : null,
      boundAt: i < 5 && stocked[i + 1] ? at(300) : null,
      createdBy: U.test,
      createdAt: at(400),
    })),
  );
  await db.insert(platformConfigs).values({
    userId: U.agent,
    host: 'gps.example.com',
    port: 8841,
    apn: 'cmnet',
    uploadInterval: 30,
    timezone: 8,
    updatedBy: U.configplatform,
    updatedAt: at(1000),
  });
}
