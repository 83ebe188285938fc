import { desc, eq, sql } from 'drizzle-orm';
import { imeiFits, judgeLocation, TEST_KIND } from '../../../src/domain/qc';
import type { Db } from '../../db/client';
import { devices } from '../../db/schema/devices';
import { positions } from '../../db/schema/positions';
import { badRequest } from '../../lib/errors';
import type { AuthContext } from '../../plugins/auth';
import { loadTypes, storeResults } from './store';

interface Fix {
  source: 'frame' | 'position';
  time: Date;
  valid: boolean;
  latitude: number;
  longitude: number;
  satellites: number | null;
}

/** The newest location (or alarm) message in the terminal's frame log of the last day. */
async function lastFrameFix(db: Db, terminalID: string): Promise<Fix | null> {
  const { rows } = await db.execute<{ decoded: { messages?: Record<string, unknown>[] } }>(sql`
    SELECT decoded FROM device_logs
    WHERE terminal_id = ${terminalID} AND direction = 'in' AND created_at > now() - interval '1 day'
      AND decoded @? '$.messages[*] ? (@.type == "location" || @.type == "alarm")'
    ORDER BY created_at DESC, id DESC LIMIT 1`);
  const msgs = (rows[0]?.decoded.messages ?? []).filter((m) => m.type === 'location' || m.type === 'alarm');
  const m = msgs[msgs.length - 1];
  if (!m) return null;
  return {
    source: 'frame',
    time: new Date(String(m.time)),
    valid: Boolean(m.valid),
    latitude: Number(m.latitude),
    longitude: Number(m.longitude),
    satellites: typeof m.satellites === 'number' ? m.satellites : null,
  };
}

/** The newest stored position of an imported device. */
async function lastPosition(db: Db, terminalID: string): Promise<Fix | null> {
  const [d] = await db.select({ id: devices.id }).from(devices).where(eq(devices.terminalId, terminalID));
  if (!d) return null;
  const [p] = await db
    .select()
    .from(positions)
    .where(eq(positions.deviceId, d.id))
    .orderBy(desc(positions.fixTime))
    .limit(1);
  if (!p) return null;
  return {
    source: 'position',
    time: p.fixTime,
    valid: p.valid,
    latitude: p.lat,
    longitude: p.lon,
    satellites: p.satellites,
  };
}

/**
 * locationTest: is the terminal reporting a valid location right now? The newest fix from its
 * frame log (any terminal) or its stored positions (an imported device) is judged by
 * judgeLocation: recent, valid, enough satellites. With `save`, the verdict is stored as a
 * location result (kind 4), which like any result becomes the terminal's pass record.
 */
export async function locationTest(db: Db, auth: AuthContext, terminalID: string, save = false) {
  const id = terminalID.trim();
  if (!imeiFits(id, undefined)) throw badRequest('imeiInvalid');
  const fixes = (await Promise.all([lastFrameFix(db, id), lastPosition(db, id)])).filter(
    (f): f is Fix => f !== null && !Number.isNaN(f.time.getTime()),
  );
  const fix = fixes.sort((a, b) => b.time.getTime() - a.time.getTime())[0] ?? null;
  const now = new Date();
  const reason = judgeLocation(fix, now);
  const passed = reason === 'ok';
  if (save) {
    const types = await loadTypes(db);
    await storeResults(
      db,
      [
        {
          terminalID: id,
          kind: TEST_KIND.location,
          passed,
          items: [{ name: 'location', value: reason, passed }],
          gps: fix
            ? { satellites: fix.satellites ?? undefined, latitude: fix.latitude, longitude: fix.longitude }
            : null,
          deviceType: '',
          firmwareVersion: '',
          iccid: '',
          station: '',
          operator: auth.user.username,
          testedAt: now,
        },
      ],
      { uploadedBy: auth.user.id },
      types,
    );
  }
  return {
    terminalID: id,
    passed,
    reason,
    source: fix?.source ?? null,
    time: fix?.time.toISOString() ?? null,
    ageSeconds: fix ? Math.round((now.getTime() - fix.time.getTime()) / 1000) : null,
    valid: fix?.valid ?? null,
    satellites: fix?.satellites ?? null,
    latitude: fix?.latitude ?? null,
    longitude: fix?.longitude ?? null,
  };
}
