import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { otaFamily } from '../../../src/domain/ota';
import type { Db } from '../../db/client';
import { deviceTypes } from '../../db/schema/device-types';
import { firmwares, type FirmwareRow } from '../../db/schema/firmwares';
import { otaJobs } from '../../db/schema/ota-jobs';
import { pageWindow, type PageParams } from '../../lib/envelope';
import { AppError, badField, badRequest, notFound } from '../../lib/errors';
import type { AuthContext } from '../../plugins/auth';
import { checksums, displayName, removeFirmware, storeFirmware } from './storage';

export interface FirmwareMeta {
  version: string;
  deviceType: string;
  notes?: string;
  /** sha256 or md5 the uploader computed: the bytes must match it. */
  checksum?: string;
  fileName?: string;
}

/** What the screens and the API show of a firmware (no storage key). */
export function firmwareView(f: FirmwareRow) {
  return {
    id: f.id,
    fileName: f.fileName,
    version: f.version,
    deviceType: f.deviceType,
    protocol: f.protocol,
    size: f.size,
    sha256: f.sha256,
    md5: f.md5,
    notes: f.notes,
    createdAt: f.createdAt.toISOString(),
  };
}

/** Device types the platform can upgrade, by name, with the upgrade they take. */
export async function upgradableTypes(db: Db) {
  const rows = await db
    .select({ name: deviceTypes.name, protocol: deviceTypes.protocol })
    .from(deviceTypes)
    .orderBy(deviceTypes.sortOrder, deviceTypes.name);
  return rows.flatMap((r) => {
    const family = otaFamily(r.protocol);
    return family ? [{ ...r, family }] : [];
  });
}

/** Checks and stores an uploaded image: the device type decides the protocol. */
export async function uploadFirmware(db: Db, dir: string, auth: AuthContext, meta: FirmwareMeta, bytes: unknown) {
  if (!Buffer.isBuffer(bytes)) throw badRequest('firmwareRawBody');
  if (bytes.length === 0) throw badRequest('firmwareEmpty');
  const version = meta.version.trim();
  const deviceType = meta.deviceType.trim();
  if (!version) throw badField('fieldRequired', 'version');
  const [type] = await db.select().from(deviceTypes).where(eq(deviceTypes.name, deviceType)).limit(1);
  if (!type) throw badRequest('deviceTypeUnknown');
  if (!otaFamily(type.protocol)) throw badRequest('firmwareProtocolUnsupported');
  const sums = checksums(bytes);
  const given = meta.checksum?.trim().toLowerCase();
  if (given && given !== sums.sha256 && given !== sums.md5) throw badRequest('firmwareChecksumMismatch');
  const [taken] = await db
    .select({ id: firmwares.id })
    .from(firmwares)
    .where(and(eq(firmwares.deviceType, deviceType), eq(firmwares.version, version)));
  if (taken) throw new AppError(409, 'firmwareTaken');
  const key = await storeFirmware(dir, bytes);
  try {
    const [row] = await db
      .insert(firmwares)
      .values({
        fileName: displayName(meta.fileName, `${deviceType}-${version}.bin`),
        version,
        deviceType,
        protocol: type.protocol,
        size: bytes.length,
        ...sums,
        storageKey: key,
        notes: meta.notes?.trim() ?? '',
        uploadedBy: auth.user.id,
      })
      .returning();
    return firmwareView(row);
  } catch (e) {
    // A concurrent upload of the same version won the unique index: keep no orphan file.
    await removeFirmware(dir, key);
    if ((e as { code?: string }).code === '23505') throw new AppError(409, 'firmwareTaken');
    throw e;
  }
}

export async function listFirmwares(db: Db, q: PageParams & { deviceType?: string }) {
  const where = q.deviceType?.trim() ? eq(firmwares.deviceType, q.deviceType.trim()) : undefined;
  const { limit, offset } = pageWindow(q);
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(firmwares).where(where).orderBy(desc(firmwares.id)).limit(limit).offset(offset),
    db.select({ total: count() }).from(firmwares).where(where),
  ]);
  return { list: rows.map(firmwareView), total };
}

export async function firmwareById(db: Db, id: number): Promise<FirmwareRow> {
  const [row] = await db.select().from(firmwares).where(eq(firmwares.id, id)).limit(1);
  if (!row) throw notFound();
  return row;
}

/** Deletes an image no pending or running job still sends. */
export async function deleteFirmware(db: Db, dir: string, id: number) {
  const row = await firmwareById(db, id);
  const [busy] = await db
    .select({ id: otaJobs.id })
    .from(otaJobs)
    .where(and(eq(otaJobs.firmwareId, id), inArray(otaJobs.status, ['pending', 'running'])))
    .limit(1);
  if (busy) throw new AppError(409, 'firmwareInUse');
  await db.delete(firmwares).where(eq(firmwares.id, id));
  await removeFirmware(dir, row.storageKey);
  return { id };
}
