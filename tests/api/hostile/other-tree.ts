import ExcelJS from 'exceljs';
import { inArray, notInArray, or } from 'drizzle-orm';
import type { DbHandle } from '../../../server/db/client';
import { devices } from '../../../server/db/schema/devices';
import { users } from '../../../server/db/schema/users';
import type { OtherTree } from './variants';

/**
 * The other reseller's tree as the test watches it: its values to try as input, the texts no
 * answer to anyone else may hold, and a snapshot of its rows that no request may change.
 */
export interface Watched {
  other: OtherTree;
  /** Values of the other tree that no row of any other tree holds (so a match is a leak). */
  secrets: Set<string>;
  snapshot(): Promise<string>;
}

export async function watchTree(handle: DbHandle, rootIds: number[]): Promise<Watched> {
  const { db } = handle;
  const everyone = await db.select().from(users);
  const ids = [...rootIds];
  for (let grew = true; grew;) {
    const more = everyone.filter((u) => ids.includes(u.parentId) && !ids.includes(u.id));
    ids.push(...more.map((u) => u.id));
    grew = more.length > 0;
  }
  const treeUsers = everyone.filter((u) => ids.includes(u.id));
  const inTree = or(inArray(devices.userId, ids), inArray(devices.agentId, ids));
  const treeDevices = await db.select().from(devices).where(inTree);

  const otherUsers = everyone.filter((u) => !ids.includes(u.id));
  const otherDevices = await db
    .select()
    .from(devices)
    .where(
      notInArray(
        devices.id,
        treeDevices.map((d) => d.id),
      ),
    );
  const elsewhere = new Set<string>();
  for (const u of otherUsers) for (const v of Object.values(u)) if (typeof v === 'string') elsewhere.add(v);
  for (const d of otherDevices) for (const v of Object.values(d)) if (typeof v === 'string') elsewhere.add(v);

  const secrets = new Set<string>();
  const keep = (v: string | null) => {
    if (v && v.length >= 4 && !elsewhere.has(v)) secrets.add(v);
  };
  for (const u of treeUsers) [u.username, u.nickname, u.telephone, u.email].forEach(keep);
  for (const d of treeDevices) [d.terminalId, d.nickname, d.carNumber, d.sim, d.iccid].forEach(keep);
  const other: OtherTree = {
    userIds: ids,
    usernames: treeUsers.map((u) => u.username),
    terminalIds: treeDevices.slice(0, 3).map((d) => d.terminalId),
  };
  // What the test sends may be stored in the caller's own rows and read back: not a leak.
  for (const v of [...other.usernames, ...other.terminalIds]) secrets.delete(v);

  return {
    other,
    secrets,
    // Every column of every row, in a stable order: a request that changes any of them shows.
    async snapshot() {
      const u = await db.select().from(users).where(inArray(users.id, ids)).orderBy(users.id);
      const d = await db.select().from(devices).where(inTree).orderBy(devices.id);
      return JSON.stringify({ users: u, devices: d });
    },
  };
}

/** Secrets found as a whole value in an answer: JSON values, cells of a sheet, fields of a text export. */
export async function leaksIn(answer: Buffer, contentType: string, secrets: Set<string>): Promise<string[]> {
  const found = new Set<string>();
  const check = (v: string) => {
    if (secrets.has(v)) found.add(v);
  };
  if (contentType.includes('json')) {
    const walk = (x: unknown): void => {
      if (typeof x === 'string') check(x);
      else if (Array.isArray(x)) x.forEach(walk);
      else if (x && typeof x === 'object') Object.values(x).forEach(walk);
    };
    try {
      walk(JSON.parse(answer.toString('utf8')));
    } catch {
      answer
        .toString('utf8')
        .split(/[\s,;"<>]+/)
        .forEach(check);
    }
  } else if (contentType.includes('spreadsheet')) {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(answer as unknown as ArrayBuffer);
    book.eachSheet((sheet) =>
      sheet.eachRow((row) => row.eachCell((cell) => check(String(cell.text).trim()))),
    );
  } else if (/text|csv|xml|gpx|kml/.test(contentType)) {
    answer
      .toString('utf8')
      .split(/[\t\r\n,;"<>]+/)
      .forEach((c) => check(c.trim()));
  }
  return [...found];
}
