import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { OTA_FINAL, parseRange, percentOf, type ByteRange } from '../../../src/domain/ota';
import type { Db } from '../../db/client';
import type { FirmwareRow } from '../../db/schema/firmwares';
import { otaJobDevices as d } from '../../db/schema/ota-job-devices';
import { otaJobs } from '../../db/schema/ota-jobs';
import { firmwares } from '../../db/schema/firmwares';
import { notFound } from '../../lib/errors';
import { firmwarePath } from './storage';

/**
 * Sends a firmware image, whole or one byte range (206 with Content-Range; 416 when the range
 * starts past the end), with a strong ETag (its sha256) and Last-Modified. Answers the range sent.
 */
export async function sendFirmware(
  req: FastifyRequest,
  reply: FastifyReply,
  dir: string,
  fw: FirmwareRow,
): Promise<ByteRange | null> {
  const path = firmwarePath(dir, fw.storageKey);
  // A file lost on disk is a 404, not a stream failing after the headers went out.
  if (!(await stat(path).then((s) => s.isFile(), () => false))) throw notFound();
  const etag = `"${fw.sha256}"`;
  reply
    .header('accept-ranges', 'bytes')
    .header('etag', etag)
    .header('last-modified', fw.createdAt.toUTCString())
    .header('content-type', 'application/octet-stream')
    .header('content-disposition', `attachment; filename="${fw.fileName}"`);
  if (req.headers['if-none-match'] === etag) {
    reply.code(304).send();
    return null;
  }
  // If-Range with another validator: the whole (changed) file, as the RFC says.
  const ifRange = req.headers['if-range'];
  const header = ifRange && ifRange !== etag ? undefined : (req.headers.range as string | undefined);
  const range = parseRange(header, fw.size);
  if (range === 'unsatisfiable') {
    reply.code(416).header('content-range', `bytes */${fw.size}`).send();
    return null;
  }
  const { start, end } = range ?? { start: 0, end: fw.size - 1 };
  if (range) reply.code(206).header('content-range', `bytes ${start}-${end}/${fw.size}`);
  reply.header('content-length', String(end - start + 1));
  if (req.method === 'HEAD') reply.send();
  else reply.send(createReadStream(path, { start, end }));
  return { start, end };
}

/** The device and firmware of a download token, while its upgrade is under way. */
export async function tokenTarget(db: Db, token: string) {
  const [row] = await db
    .select({ dev: d, fw: firmwares })
    .from(d)
    .innerJoin(otaJobs, eq(otaJobs.id, d.jobId))
    .innerJoin(firmwares, eq(firmwares.id, otaJobs.firmwareId))
    .where(and(eq(d.token, token), eq(otaJobs.status, 'running'), notInArray(d.status, [...OTA_FINAL])))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/** Bytes served become the device's progress (99 % at most: the tracker still has to confirm). */
export async function recordDownload(db: Db, id: number, upTo: number, size: number) {
  await db
    .update(d)
    .set({
      status: 'downloading',
      bytesSent: sql`greatest(${d.bytesSent}, ${upTo})`,
      progress: sql`greatest(${d.progress}, ${Math.min(99, percentOf(upTo, size))})`,
      updatedAt: new Date(),
    })
    .where(and(eq(d.id, id), notInArray(d.status, [...OTA_FINAL])));
}
