import { asc, count, eq, ilike } from 'drizzle-orm';
import { PERMISSIONS as P } from '../../../config/roles';
import { can } from '../../../src/domain/ability';
import { commandSetProblems, type DeviceTypeCommandConfig } from '../../../src/domain/command-set';
import { locationAckMode, locationAckSetting, type LocationAckMode } from '../../../src/domain/location-ack';
import type { Db } from '../../db/client';
import { deviceTypes, type DeviceTypeRow } from '../../db/schema/device-types';
import { devices } from '../../db/schema/devices';
import { pageWindow, type PageParams } from '../../lib/envelope';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { sqlState } from '../../lib/schema/db-errors';
import { containsPattern } from '../../lib/sql';
import type { AuthContext } from '../../plugins/auth';
import { forgetCommandSets } from './resolve';

export interface DeviceTypeInput {
  name: string;
  protocol: number;
  importProtocol?: number;
  description?: string;
  iconType?: number;
  commandConfig: DeviceTypeCommandConfig;
  /** Absent: unchanged on update, the protocol's default on add. */
  locationAck?: LocationAckMode;
}

/** The row's columns of an input: the ack mode is stored as a nullable boolean. */
function columnsOf({ locationAck, ...rest }: DeviceTypeInput) {
  return locationAck === undefined ? rest : { ...rest, locationAck: locationAckSetting(locationAck) };
}

function checkConfig(config: DeviceTypeCommandConfig) {
  const problems = commandSetProblems(config);
  if (problems.length)
    throw new AppError(
      400,
      'commandSetInvalid',
      undefined,
      400,
      { problems },
      { detail: problems.join('; ') },
    );
}

/** Device types with how many devices each has (findDeviceType). */
export async function listDeviceTypes(db: Db, q: PageParams & { name?: string }) {
  const where = q.name ? ilike(deviceTypes.name, containsPattern(q.name)) : undefined;
  const [{ total }] = await db.select({ total: count() }).from(deviceTypes).where(where);
  const { limit, offset } = pageWindow(q);
  const rows = await db
    .select()
    .from(deviceTypes)
    .where(where)
    .orderBy(asc(deviceTypes.sortOrder), asc(deviceTypes.id))
    .limit(limit)
    .offset(offset);
  const counts = await db
    .select({ name: devices.deviceType, n: count() })
    .from(devices)
    .groupBy(devices.deviceType);
  const byName = new Map(counts.map((c) => [c.name, Number(c.n)]));
  const list = rows.map((r) => ({ ...summary(r), deviceCount: byName.get(r.name) ?? 0 }));
  return { list, total: Number(total) };
}

function summary(r: DeviceTypeRow) {
  return {
    id: r.id,
    name: r.name,
    protocol: r.protocol,
    importProtocol: r.importProtocol,
    description: r.description,
    iconType: r.iconType,
    commandCount: r.commandConfig.commands.length,
    commandConfig: r.commandConfig,
    locationAck: locationAckMode(r.locationAck),
    updatedAt: r.updatedAt,
  };
}

export async function deviceTypeDetail(db: Db, name: string) {
  const [row] = await db.select().from(deviceTypes).where(eq(deviceTypes.name, name)).limit(1);
  if (!row) throw notFound();
  return summary(row);
}

export async function addDeviceType(db: Db, input: DeviceTypeInput) {
  checkConfig(input.commandConfig);
  try {
    const [row] = await db
      .insert(deviceTypes)
      .values({ ...columnsOf(input), name: input.name.trim() })
      .returning();
    forgetCommandSets();
    return summary(row!);
  } catch (e) {
    if (sqlState(e) === '23505') throw badRequest('deviceTypeTaken');
    throw e;
  }
}

/** Updates a type; a rename carries its devices along (their `device_type` holds the name). */
export async function updateDeviceType(db: Db, id: number, input: DeviceTypeInput) {
  checkConfig(input.commandConfig);
  const name = input.name.trim();
  try {
    const row = await db.transaction(async (tx) => {
      const [old] = await tx.select().from(deviceTypes).where(eq(deviceTypes.id, id)).for('update');
      if (!old) throw notFound();
      const [updated] = await tx
        .update(deviceTypes)
        .set({ ...columnsOf(input), name, updatedAt: new Date() })
        .where(eq(deviceTypes.id, id))
        .returning();
      if (old.name !== name)
        await tx.update(devices).set({ deviceType: name }).where(eq(devices.deviceType, old.name));
      return updated!;
    });
    forgetCommandSets();
    return summary(row);
  } catch (e) {
    if (sqlState(e) === '23505') throw badRequest('deviceTypeTaken');
    throw e;
  }
}

/**
 * Every type's command set keyed by type name (findAllConfigTion; spec: "a device config map
 * keyed by deviceType"). Free-text commands are left out for callers who may not send them.
 */
export async function allCommandConfigs(db: Db, auth: AuthContext) {
  const rows = await db
    .select({ name: deviceTypes.name, config: deviceTypes.commandConfig })
    .from(deviceTypes)
    .orderBy(asc(deviceTypes.sortOrder));
  const canRaw = can(auth.ability, P.commandRaw);
  const out: Record<string, DeviceTypeCommandConfig> = {};
  for (const r of rows)
    out[r.name] = { ...r.config, commands: r.config.commands.filter((c) => canRaw || !c.raw) };
  return out;
}
