import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, asc, count, eq } from 'drizzle-orm';
import { PICTURE_MAX_BYTES, PICTURES_PER_DEVICE_MAX } from '../../../src/domain/limits';
import type { Db } from '../../db/client';
import { devicePictures } from '../../db/schema/device-pictures';
import { devices } from '../../db/schema/devices';
import { AppError, badRequest, notFound } from '../../lib/errors';
import type { AuthContext } from '../../plugins/auth';
import { loadDeviceInScope } from '../device-scope';
import { deviceScope } from './lookup';
import { displayName, pictureType } from './picture-type';

const columns = {
  id: devicePictures.id,
  fileName: devicePictures.fileName,
  mime: devicePictures.mime,
  size: devicePictures.size,
  createdAt: devicePictures.createdAt,
};

/** A device's pictures, oldest first (the gallery's order). */
export async function listPictures(db: Db, auth: AuthContext, terminalID: string) {
  const device = await loadDeviceInScope(db, auth, terminalID.trim());
  return db
    .select(columns)
    .from(devicePictures)
    .where(eq(devicePictures.deviceId, device.id))
    .orderBy(asc(devicePictures.id));
}

/**
 * Stores an uploaded picture of a device in the caller's scope: the raw body must be a JPEG,
 * PNG or WebP by its first bytes and at most PICTURE_MAX_BYTES; a device keeps at most
 * PICTURES_PER_DEVICE_MAX. The file gets a generated name, so nothing the client sends becomes
 * a path.
 */
export async function uploadPicture(
  db: Db,
  dir: string,
  auth: AuthContext,
  q: { terminalID: string; fileName?: string },
  bytes: unknown,
) {
  if (!Buffer.isBuffer(bytes) || bytes.length === 0) throw badRequest('pictureRawBody');
  if (bytes.length > PICTURE_MAX_BYTES)
    throw new AppError(413, 'pictureTooLarge', undefined, 413, null, {
      limit: PICTURE_MAX_BYTES / 1024 / 1024,
    });
  const type = pictureType(bytes);
  if (!type) throw badRequest('pictureTypeInvalid');
  const device = await loadDeviceInScope(db, auth, q.terminalID.trim());
  const [held] = await db
    .select({ n: count() })
    .from(devicePictures)
    .where(eq(devicePictures.deviceId, device.id));
  if (Number(held?.n ?? 0) >= PICTURES_PER_DEVICE_MAX)
    throw new AppError(400, 'pictureLimit', undefined, 400, null, { limit: PICTURES_PER_DEVICE_MAX });
  const storageKey = `${randomUUID()}.${type.ext}`;
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, storageKey), bytes);
  const [row] = await db
    .insert(devicePictures)
    .values({
      deviceId: device.id,
      fileName: displayName(q.fileName),
      mime: type.mime,
      size: bytes.length,
      storageKey,
      uploadedBy: auth.user.id,
    })
    .returning(columns);
  return row!;
}

/** A picture whose device the caller may see; others (and unknown ids) answer not found. */
async function pictureInScope(db: Db, auth: AuthContext, id: number) {
  const [row] = await db
    .select({ picture: devicePictures })
    .from(devicePictures)
    .innerJoin(devices, eq(devices.id, devicePictures.deviceId))
    .where(and(eq(devicePictures.id, id), deviceScope(db, auth)))
    .limit(1);
  if (!row) throw notFound();
  return row.picture;
}

/** The bytes and type of a picture, for serving. */
export async function readPicture(db: Db, dir: string, auth: AuthContext, id: number) {
  const p = await pictureInScope(db, auth, id);
  const bytes = await readFile(path.join(dir, path.basename(p.storageKey))).catch(() => null);
  if (!bytes) throw notFound();
  return { bytes, mime: p.mime, fileName: p.fileName };
}

/** delDevicePicture: the row, then its file (a file left behind by a crash is harmless). */
export async function deletePicture(db: Db, dir: string, auth: AuthContext, id: number) {
  const p = await pictureInScope(db, auth, id);
  await db.delete(devicePictures).where(eq(devicePictures.id, p.id));
  await rm(path.join(dir, path.basename(p.storageKey)), { force: true });
  return null;
}
