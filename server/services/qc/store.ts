import { sql } from 'drizzle-orm';
import { DEVICE_PROTOCOL } from '../../../src/domain/codes';
import { testRecordOf, type GpsFix, type ResultInput, type TestItem } from '../../../src/domain/qc';
import type { Db } from '../../db/client';
import { deviceTypes } from '../../db/schema/device-types';
import { stock } from '../../db/schema/stock';
import { testResults } from '../../db/schema/test-results';
import { chunks } from '../stock/common';

export interface KnownType {
  protocol: number;
  importProtocol: number;
}

/** The device types by name: a result's type gives its IMEI rule and a new stock row's protocol. */
export async function loadTypes(db: Db): Promise<Map<string, KnownType>> {
  const rows = await db
    .select({
      name: deviceTypes.name,
      protocol: deviceTypes.protocol,
      importProtocol: deviceTypes.importProtocol,
    })
    .from(deviceTypes);
  return new Map(rows.map((r) => [r.name, { protocol: r.protocol, importProtocol: r.importProtocol }]));
}

export interface StoreOptions {
  uploadedBy: number;
  configId?: number | null;
  /** DEVICE_PROTOCOL of new stock rows whose device type is unknown (else GT06, see docs/factory/qc.md). */
  protocol?: number;
}

/**
 * Stores results and brings each terminal's stock row up to its LATEST result (by tested_at,
 * then id): test_passed, tested_at and test_record follow it, so a later failure makes a
 * passing terminal unimportable and a later pass makes it importable again. A terminal not in
 * stock gets an in-stock row (protocol from its device type). One transaction.
 */
export async function storeResults(
  db: Db,
  results: readonly ResultInput[],
  opts: StoreOptions,
  types: Map<string, KnownType>,
) {
  if (results.length === 0) return [] as number[];
  const now = new Date();
  const ids: number[] = [];
  await db.transaction(async (tx) => {
    for (const part of chunks(results)) {
      const rows = await tx
        .insert(testResults)
        .values(
          part.map((r) => ({
            terminalId: r.terminalID,
            kind: r.kind,
            passed: r.passed,
            items: r.items,
            gps: r.gps,
            deviceType: r.deviceType,
            firmwareVersion: r.firmwareVersion,
            iccid: r.iccid,
            station: r.station,
            operator: r.operator,
            configId: opts.configId ?? null,
            uploadedBy: opts.uploadedBy,
            testedAt: r.testedAt ?? now,
          })),
        )
        .returning({ id: testResults.id });
      ids.push(...rows.map((r) => r.id));
    }
    const firstOf = new Map<string, ResultInput>();
    for (const r of results) if (!firstOf.has(r.terminalID)) firstOf.set(r.terminalID, r);
    for (const part of chunks([...firstOf.keys()])) await refreshStock(tx, part, firstOf, opts, types);
  });
  return ids;
}

type Latest = {
  id: number;
  terminal_id: string;
  kind: number;
  passed: boolean;
  items: TestItem[];
  gps: GpsFix | null;
  station: string;
  operator: string;
  tested_at: string | Date;
  device_type: string;
  firmware_version: string;
};

async function refreshStock(
  tx: Db,
  terminalIds: string[],
  upload: Map<string, ResultInput>,
  opts: StoreOptions,
  types: Map<string, KnownType>,
) {
  const { rows } = await tx.execute<Latest>(sql`
    SELECT DISTINCT ON (terminal_id) id, terminal_id, kind, passed, items, gps, station, operator,
      tested_at, device_type, firmware_version
    FROM test_results WHERE terminal_id = ANY(${`{${terminalIds.join(',')}}`}::text[])
    ORDER BY terminal_id, tested_at DESC, id DESC`);
  const values = rows.map((l) => {
    const testedAt = new Date(l.tested_at);
    const r = upload.get(l.terminal_id)!;
    const deviceType = r.deviceType || l.device_type;
    return {
      terminalId: l.terminal_id,
      imei: l.terminal_id.length === 15 ? l.terminal_id : null,
      deviceType,
      protocol: types.get(deviceType)?.protocol ?? opts.protocol ?? DEVICE_PROTOCOL.Gt06,
      iccid: r.iccid || null,
      firmwareVersion: r.firmwareVersion || null,
      testPassed: l.passed,
      testedAt,
      testRecord: testRecordOf({ ...l, id: Number(l.id), testedAt }),
    };
  });
  if (values.length === 0) return;
  // An existing row keeps its type, protocol, SIM and status; only the test fields follow.
  await tx
    .insert(stock)
    .values(values)
    .onConflictDoUpdate({
      target: stock.terminalId,
      set: {
        testPassed: sql`excluded.test_passed`,
        testedAt: sql`excluded.tested_at`,
        testRecord: sql`excluded.test_record`,
        // A bench that reads the firmware knows it better than the stock-in did.
        firmwareVersion: sql`COALESCE(excluded.firmware_version, ${stock.firmwareVersion})`,
      },
    });
}
