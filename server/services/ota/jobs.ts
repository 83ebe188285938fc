import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import {
  OTA_FINAL,
  OTA_RETRYABLE,
  OTA_TARGETS_MAX,
  otaFamily,
  otaJobProgress,
  type OtaStatusCounts,
} from '../../../src/domain/ota';
import type { Db } from '../../db/client';
import { devices } from '../../db/schema/devices';
import { otaJobDevices as d } from '../../db/schema/ota-job-devices';
import { otaJobs, type OtaTargetMode } from '../../db/schema/ota-jobs';
import { stock } from '../../db/schema/stock';
import { pageWindow, type PageParams } from '../../lib/envelope';
import { badRequest, notFound } from '../../lib/errors';
import type { AuthContext } from '../../plugins/auth';
import { firmwareById } from './firmwares';

export interface CreateJob {
  name: string;
  firmwareId: number;
  targetMode: OtaTargetMode;
  /** targetMode 'imeis': the terminals, as a list. */
  imeis?: string[];
}

/** The path under the API that serves a device's download (routes/factory/ota.ts). */
export const FW_PATH = '/api/ota/fw';

/**
 * Terminals known to the platform (imported devices and factory stock) among `ids`, or of the
 * firmware's device type, whose protocol takes this firmware's upgrade.
 */
async function resolveTargets(db: Db, mode: OtaTargetMode, ids: string[], deviceType: string, family: string) {
  const byDevice = mode === 'imeis' ? inArray(devices.terminalId, ids) : eq(devices.deviceType, deviceType);
  const byStock = mode === 'imeis' ? inArray(stock.terminalId, ids) : eq(stock.deviceType, deviceType);
  const [imported, stocked] = await Promise.all([
    db
      .select({ id: devices.id, terminalId: devices.terminalId, protocol: devices.protocol })
      .from(devices)
      .where(byDevice)
      .limit(OTA_TARGETS_MAX),
    db
      .select({ terminalId: stock.terminalId, protocol: stock.protocol, version: stock.firmwareVersion })
      .from(stock)
      .where(byStock)
      .limit(OTA_TARGETS_MAX),
  ]);
  const out = new Map<string, { deviceId: number | null; fromVersion: string | null }>();
  for (const s of stocked)
    if (otaFamily(s.protocol) === family) out.set(s.terminalId, { deviceId: null, fromVersion: s.version });
  for (const r of imported)
    if (otaFamily(r.protocol) === family)
      out.set(r.terminalId, { deviceId: r.id, fromVersion: out.get(r.terminalId)?.fromVersion ?? null });
  return [...out.entries()].slice(0, OTA_TARGETS_MAX);
}

/** A job over the resolved targets; the engine sends it as each terminal is online. */
export async function createJob(db: Db, auth: AuthContext, body: CreateJob, baseUrl: string) {
  const fw = await firmwareById(db, body.firmwareId);
  const ids = body.targetMode === 'imeis' ? [...new Set(body.imeis ?? [])] : [];
  const targets = await resolveTargets(db, body.targetMode, ids, fw.deviceType, otaFamily(fw.protocol) ?? '');
  if (targets.length === 0) throw badRequest('otaNoTargets');
  return db.transaction(async (tx) => {
    const [job] = await tx
      .insert(otaJobs)
      .values({
        name: body.name.trim(),
        firmwareVersion: fw.version,
        firmwareUrl: `${baseUrl}${FW_PATH}`,
        deviceType: fw.deviceType,
        targetTerminalIds: targets.map(([t]) => t),
        firmwareId: fw.id,
        targetMode: body.targetMode,
        status: 'running',
        createdBy: auth.user.id,
      })
      .returning();
    await tx.insert(d).values(
      targets.map(([terminalId, t]) => ({
        jobId: job.id,
        terminalId,
        deviceId: t.deviceId,
        fromVersion: t.fromVersion,
        token: randomBytes(20).toString('hex'),
      })),
    );
    return { id: job.id, total: targets.length };
  });
}

/** Per job: how many devices in each state, and how far the job is (otaJobProgress: one computation). */
export async function listJobs(db: Db, q: PageParams & { status?: string }) {
  const where = q.status ? eq(otaJobs.status, q.status as 'running') : undefined;
  const { limit, offset } = pageWindow(q);
  const [jobs, [{ total }]] = await Promise.all([
    db.select().from(otaJobs).where(where).orderBy(desc(otaJobs.id)).limit(limit).offset(offset),
    db.select({ total: count() }).from(otaJobs).where(where),
  ]);
  const ids = jobs.map((j) => j.id);
  const counts = ids.length
    ? await db
        .select({
          jobId: d.jobId,
          status: d.status,
          n: count(),
          progress: sql<number>`coalesce(sum(${d.progress}), 0)::int`,
        })
        .from(d)
        .where(inArray(d.jobId, ids))
        .groupBy(d.jobId, d.status)
    : [];
  const list = jobs.map((j) => {
    const mine = counts.filter((c) => c.jobId === j.id);
    const by = Object.fromEntries(mine.map((c) => [c.status, Number(c.n)])) as OtaStatusCounts;
    // The download progress of the devices still upgrading; finished ones count as done.
    const running = mine
      .filter((c) => c.status === 'sent' || c.status === 'downloading')
      .reduce((a, c) => a + Number(c.progress), 0);
    const p = otaJobProgress(by, running);
    return {
      id: j.id,
      name: j.name,
      firmwareId: j.firmwareId,
      firmwareVersion: j.firmwareVersion,
      deviceType: j.deviceType,
      targetMode: j.targetMode,
      status: j.status,
      total: p.total,
      success: p.success,
      failed: p.failed,
      cancelled: p.cancelled,
      active: p.active,
      pending: p.pending,
      progress: p.progress,
      createdAt: j.createdAt.toISOString(),
      finishedAt: j.finishedAt?.toISOString() ?? null,
    };
  });
  return { list, total };
}

export async function jobDevices(db: Db, q: PageParams & { jobId: number; status?: string }) {
  const where = and(eq(d.jobId, q.jobId), q.status ? eq(d.status, q.status as 'pending') : undefined);
  const { limit, offset } = pageWindow(q);
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(d).where(where).orderBy(d.id).limit(limit).offset(offset),
    db.select({ total: count() }).from(d).where(where),
  ]);
  const list = rows.map((r) => ({
    id: r.id,
    jobId: r.jobId,
    terminalID: r.terminalId,
    status: r.status,
    progress: r.progress,
    attempts: r.attempts,
    bytesSent: r.bytesSent,
    fromVersion: r.fromVersion,
    result: r.result,
    sentAt: r.sentAt?.toISOString() ?? null,
    finishedAt: r.finishedAt?.toISOString() ?? null,
    updatedAt: r.updatedAt.toISOString(),
  }));
  return { list, total };
}

async function jobOf(db: Db, id: number) {
  const [job] = await db.select().from(otaJobs).where(eq(otaJobs.id, id)).limit(1);
  if (!job) throw notFound();
  return job;
}

const oneOrAll = (jobId: number, terminalId?: string) =>
  and(eq(d.jobId, jobId), terminalId ? eq(d.terminalId, terminalId) : undefined);

/** Cancels the job's unfinished devices (or one); the engine stops sending to them. */
export async function cancelJob(db: Db, jobId: number, terminalId?: string) {
  const job = await jobOf(db, jobId);
  const now = new Date();
  const rows = await db
    .update(d)
    .set({ status: 'cancelled', result: 'cancelled', finishedAt: now, updatedAt: now })
    .where(and(oneOrAll(jobId, terminalId), notInArray(d.status, [...OTA_FINAL])))
    .returning({ id: d.id });
  if (!terminalId && job.status !== 'done')
    await db.update(otaJobs).set({ status: 'cancelled', finishedAt: now, updatedAt: now }).where(eq(otaJobs.id, jobId));
  else await closeJobIfDone(db, jobId);
  return { cancelled: rows.length };
}

/** Starts failed or cancelled devices (or one) again: the engine sends them as they come online. */
export async function retryJob(db: Db, jobId: number, terminalId?: string) {
  await jobOf(db, jobId);
  const now = new Date();
  const rows = await db
    .update(d)
    .set({ status: 'pending', progress: 0, bytesSent: 0, result: null, finishedAt: null, updatedAt: now })
    .where(and(oneOrAll(jobId, terminalId), inArray(d.status, [...OTA_RETRYABLE])))
    .returning({ id: d.id });
  if (rows.length === 0) throw badRequest('otaNothingToRetry');
  await db.update(otaJobs).set({ status: 'running', finishedAt: null, updatedAt: now }).where(eq(otaJobs.id, jobId));
  return { retried: rows.length };
}

/** A running job whose every device is over is done. */
export async function closeJobIfDone(db: Db, jobId: number) {
  const [open] = await db
    .select({ n: count() })
    .from(d)
    .where(and(eq(d.jobId, jobId), notInArray(d.status, [...OTA_FINAL])));
  if (open.n > 0) return;
  const now = new Date();
  await db
    .update(otaJobs)
    .set({ status: 'done', finishedAt: now, updatedAt: now })
    .where(and(eq(otaJobs.id, jobId), eq(otaJobs.status, 'running')));
}
