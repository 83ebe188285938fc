import { inArray, sql, type SQL } from 'drizzle-orm';
import { checkTerminalLines, STOCK_OP, type StockLine } from '../../../src/domain/stock';
import { parseLines } from '../../../src/domain/validators';
import type { Db } from '../../db/client';
import { devices } from '../../db/schema/devices';
import { stock } from '../../db/schema/stock';
import type { AuthContext } from '../../plugins/auth';
import { chunks, nonEmpty, refuseLine, report, stockAndDevices } from './common';
import { writeRecords, type Tx } from './records';

/** The stock row and the device row (where imported) of each pasted terminal. */
async function terminalsOf(db: Db, lines: StockLine[]) {
  const ids = lines.filter((l) => l.ok).map((l) => l.terminalID);
  const { stocked, imported } = await stockAndDevices(db, ids);
  for (const l of lines)
    if (l.ok && !stocked.has(l.terminalID) && !imported.has(l.terminalID)) refuseLine(l, 'stockUnknown');
  return { stocked, imported };
}

/**
 * clearDeviceCard: the SIM binding goes, the ICCID of the stock row and of the device; the card
 * ICCID an agent typed for its own records stays. A terminal with no ICCID is reported.
 */
export async function clearDeviceCard(db: Db, auth: AuthContext, imeis: string) {
  const lines = nonEmpty(checkTerminalLines(parseLines(imeis)));
  const { stocked, imported } = await terminalsOf(db, lines);
  for (const l of lines) {
    if (!l.ok) continue;
    if (!stocked.get(l.terminalID)?.iccid && !imported.get(l.terminalID)?.iccid) refuseLine(l, 'iccidNone');
  }
  const done = lines.filter((l) => l.ok);
  await db.transaction(async (tx) => {
    for (const part of chunks(done.map((l) => l.terminalID))) {
      await tx.update(stock).set({ iccid: null }).where(inArray(stock.terminalId, part));
      await tx
        .update(devices)
        .set({ iccid: '', updatedAt: new Date() })
        .where(inArray(devices.terminalId, part));
    }
    await writeRecords(
      tx,
      auth.user.id,
      done.map((l) => ({
        terminalId: l.terminalID,
        op: STOCK_OP.clearCard,
        before: {
          stockIccid: stocked.get(l.terminalID)?.iccid ?? null,
          deviceIccid: imported.get(l.terminalID)?.iccid ?? null,
        },
        after: { stockIccid: null, deviceIccid: imported.has(l.terminalID) ? '' : null },
      })),
    );
  });
  return report(lines);
}

/** What "a device's data" is: rows kept by device id, then rows kept by terminal id. */
const BY_DEVICE = [
  ['positions', 'positions'],
  ['alarms', 'alarms'],
  ['track_days', 'trackDays'],
  ['track_day_shapes', null],
  ['track_rollup_cursors', null],
  ['tire_readings', null],
  ['area_visits', null],
] as const;
const BY_TERMINAL = [
  ['command_status_log', null],
  ['commands', 'commands'],
  ['offline_commands', 'offlineCommands'],
  ['device_logs', 'frames'],
] as const;

export type ClearedCounts = Record<string, number>;

/** Deletes the rows of `table` whose `column` is one of `keys`; the count per key. */
async function purge(tx: Tx, table: string, column: string, keys: SQL[]) {
  const res = await tx.execute<{ k: string | number; n: number }>(sql`
    WITH d AS (DELETE FROM ${sql.identifier(table)} WHERE ${sql.identifier(column)} IN (${sql.join(keys, sql`, `)})
      RETURNING ${sql.identifier(column)} AS k)
    SELECT k, count(*)::int AS n FROM d GROUP BY k`);
  return new Map(res.rows.map((r) => [String(r.k), Number(r.n)]));
}

/** The last position and odometer on the device row: they came from the positions cleared. */
const NO_LAST_POSITION = {
  lat: null,
  lon: null,
  speed: null,
  course: null,
  altitude: null,
  fixTime: null,
  positionType: null,
  valid: null,
  acc: null,
  battery: null,
  mileage: null,
};

/**
 * clearDevicesData: a terminal's history goes — positions (and the track days made of them),
 * alarms (and their notifications), command history and queued offline commands, the frame
 * log, tire readings and area visits — and the device row forgets its last position. Never
 * the device row itself, its account, expiry, settings, fences, SIM, stock row or records.
 * A terminal only in stock has frames and commands to clear. Each line reports what went.
 */
export async function clearDevicesData(db: Db, auth: AuthContext, imeis: string) {
  const lines = nonEmpty(checkTerminalLines(parseLines(imeis)));
  const { imported } = await terminalsOf(db, lines);
  const done = lines.filter((l) => l.ok);
  // Every kind starts at 0: a terminal only in stock reports 0 positions, not nothing.
  const kinds = [...BY_DEVICE, ...BY_TERMINAL].flatMap(([, name]) => (name ? [name] : []));
  const counts = new Map<string, ClearedCounts>(
    done.map((l) => [l.terminalID, Object.fromEntries(kinds.map((k) => [k, 0]))]),
  );
  const add = (t: string, name: string | null, n: number | undefined) => {
    if (name) counts.get(t)![name] = (counts.get(t)![name] ?? 0) + (n ?? 0);
  };
  await db.transaction(async (tx) => {
    for (const part of chunks(
      done.map((l) => l.terminalID),
      500,
    )) {
      const ids = part.flatMap((t) => (imported.has(t) ? [imported.get(t)!.id] : []));
      if (ids.length > 0) {
        const keys = ids.map((id) => sql`${id}::int`);
        for (const [table, name] of BY_DEVICE) {
          const n = await purge(tx, table, 'device_id', keys);
          for (const t of part) if (imported.has(t)) add(t, name, n.get(String(imported.get(t)!.id)));
        }
        await tx
          .update(devices)
          .set({ ...NO_LAST_POSITION, updatedAt: new Date() })
          .where(inArray(devices.id, ids));
      }
      const keys = part.map((t) => sql`${t}::varchar`);
      for (const [table, name] of BY_TERMINAL) {
        const n = await purge(tx, table, 'terminal_id', keys);
        for (const t of part) add(t, name, n.get(t));
      }
    }
    await writeRecords(
      tx,
      auth.user.id,
      done.map((l) => ({
        terminalId: l.terminalID,
        op: STOCK_OP.clearData,
        before: counts.get(l.terminalID)!,
        after: Object.fromEntries(Object.keys(counts.get(l.terminalID)!).map((k) => [k, 0])),
        detail: { imported: imported.has(l.terminalID) },
      })),
    );
  });
  return report(lines.map((l) => (l.ok ? { ...l, ...counts.get(l.terminalID) } : l)));
}
