import { DEVICE_PROTOCOL } from '../../../src/domain/codes';
import type { Db } from '../client';
import { stock } from '../schema/stock';
import type { NewDeviceRow } from './devices';
import { createRng, makeIccid, makeImei, makeTerminal808 } from './random';

type NewStockRow = typeof stock.$inferInsert;

const STOCK_SEED = 20_240_602;
const DAY = 86_400_000;

function passedRecord(testedAt: Date) {
  return {
    result: 'pass',
    gps: 'ok',
    satellites: 9,
    gsmSignal: 26,
    voltage: 4.12,
    relay: 'ok',
    testedAt: testedAt.toISOString(),
  };
}

/**
 * Factory stock. Every demo device has a shipped row with a passed test record (imports
 * require one). Extra terminals stay in stock for import tests: 30 tested and passed
 * (GT06 IMEIs and 808 numbers), 5 never tested (import must reject them).
 */
export function buildStock(fleet: NewDeviceRow[], now: Date, taken: Set<string>) {
  const rng = createRng(STOCK_SEED);
  const rows: NewStockRow[] = [];
  for (const d of fleet) {
    const created = d.createdAt ?? now;
    const testedAt = new Date(created.getTime() - rng.int(3, 20) * DAY);
    rows.push({
      terminalId: d.terminalId,
      imei: d.terminalId.length === 15 ? d.terminalId : null,
      deviceType: d.deviceType ?? '',
      protocol: d.protocol,
      iccid: d.iccid || null,
      firmwareVersion: 'V1.2.' + rng.int(0, 9),
      testPassed: true,
      testedAt,
      testRecord: passedRecord(testedAt),
      status: 'shipped',
      shippedTo: d.agentId,
      shippedAt: created,
      batchNo: `B${testedAt.getUTCFullYear()}${String(testedAt.getUTCMonth() + 1).padStart(2, '0')}`,
      createdAt: testedAt,
    });
  }

  const extra: [string, number, boolean][] = [
    // [device type, protocol, 808-style terminal number]
    ...Array.from({ length: 15 }, (): [string, number, boolean] => ['GT06N', DEVICE_PROTOCOL.Gt06, false]),
    ...Array.from({ length: 5 }, (): [string, number, boolean] => ['JM-VL01', DEVICE_PROTOCOL.Gt06, false]),
    ...Array.from({ length: 5 }, (): [string, number, boolean] => ['JT808-A', DEVICE_PROTOCOL.eight, true]),
    ...Array.from({ length: 3 }, (): [string, number, boolean] => ['GW005', DEVICE_PROTOCOL.GW005808, true]),
    ...Array.from({ length: 2 }, (): [string, number, boolean] => ['BSJ-A6', DEVICE_PROTOCOL.Bsj, true]),
  ];
  const untested: [string, number, boolean][] = [
    ['GT06N', DEVICE_PROTOCOL.Gt06, false],
    ['GT06N', DEVICE_PROTOCOL.Gt06, false],
    ['GT800', DEVICE_PROTOCOL.Gt06, false],
    ['JT808-A', DEVICE_PROTOCOL.eight, true],
    ['Y808', DEVICE_PROTOCOL.Y808, true],
  ];
  const fresh = (is808: boolean) => {
    let id: string;
    do id = is808 ? makeTerminal808(rng) : makeImei(rng);
    while (taken.has(id));
    taken.add(id);
    return id;
  };
  const batchAt = new Date(now.getTime() - 10 * DAY);
  for (const [deviceType, protocol, is808] of extra) {
    const terminalId = fresh(is808);
    rows.push({
      terminalId,
      imei: is808 ? null : terminalId,
      deviceType,
      protocol,
      iccid: makeIccid(rng),
      firmwareVersion: 'V1.3.0',
      testPassed: true,
      testedAt: batchAt,
      testRecord: passedRecord(batchAt),
      status: 'in_stock',
      batchNo: 'B-DEMO-READY',
      createdAt: batchAt,
    });
  }
  for (const [deviceType, protocol, is808] of untested) {
    const terminalId = fresh(is808);
    rows.push({
      terminalId,
      imei: is808 ? null : terminalId,
      deviceType,
      protocol,
      iccid: makeIccid(rng),
      testPassed: false,
      testedAt: null,
      testRecord: null,
      status: 'in_stock',
      batchNo: 'B-DEMO-UNTESTED',
      createdAt: batchAt,
    });
  }
  return rows;
}

export async function insertStock(db: Db, rows: NewStockRow[]) {
  for (let i = 0; i < rows.length; i += 100) await db.insert(stock).values(rows.slice(i, i + 100));
}
