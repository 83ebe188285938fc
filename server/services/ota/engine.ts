import { readFile } from 'node:fs/promises';
import { and, eq, inArray, lt, notInArray, sql } from 'drizzle-orm';
import {
  GT06_FAILURE,
  GT06_VERSION_COMMAND,
  gt06UpgradeCommand,
  JT808_MANUFACTURER,
  JT808_OTA_PACKAGE_BYTES,
  JT808_UPGRADE_RESULT,
  JT808_UPGRADE_TYPE,
  OTA_FINAL,
  otaFamily,
  percentOf,
} from '../../../src/domain/ota';
import { SUBJECT, type EventBus } from '../../bus/types';
import type { Db } from '../../db/client';
import { firmwares, type FirmwareRow } from '../../db/schema/firmwares';
import { otaJobDevices as d } from '../../db/schema/ota-job-devices';
import { otaJobs, type OtaJobRow } from '../../db/schema/ota-jobs';
import { stock } from '../../db/schema/stock';
import { encodeJt808UpgradeBody, JT808_MSG, splitJt808Body } from '../../gateway/jt808';
import type { CommandOutcome, CommandRequest } from '../../gateway/runtime/command-channel';
import { sendToTerminal } from '../command/terminal-send';
import { closeJobIfDone } from './jobs';
import { firmwarePath } from './storage';

/** Published on every progress change ({jobId, terminalId, status, progress}). */
export const OTA_PROGRESS_SUBJECT = 'ota.progress';
/** Sends of one 808 sub-package before the device fails. */
const PACKAGE_TRIES = 3;
const ACTIVE: ('sent' | 'downloading')[] = ['sent', 'downloading'];

export interface OtaEngineOptions {
  firmwareDir: string;
  tickMs: number;
  stallSeconds: number;
  commandTimeoutMs: number;
}

type DeviceRow = typeof d.$inferSelect;

/**
 * Runs OTA jobs: every tick it sends the upgrade to pending devices that are online (JT/T 808:
 * 0x8108 sub-packages, each acknowledged; GT06: the download URL command), asks GT06 trackers
 * that downloaded everything for their version, and fails devices silent too long. A 0x0108
 * result from the gateway closes an 808 device. Offline devices wait for the next tick.
 */
export class OtaEngine {
  private active = new Set<number>();
  private running = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  private unsubscribe: (() => void) | null = null;
  private ticking = false;
  private stopped = false;

  constructor(
    private db: Db,
    private bus: EventBus,
    private opts: OtaEngineOptions,
  ) {}

  start() {
    this.unsubscribe = this.bus.subscribe<{ terminalId: string; result: number }>(SUBJECT.otaResult, (m) =>
      this.track(this.onResult(m.terminalId, m.result)),
    );
    this.timer = setInterval(() => this.track(this.tick()), this.opts.tickMs);
    this.timer.unref();
  }

  async stop() {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.unsubscribe?.();
    await Promise.allSettled([...this.running]);
  }

  private track(p: Promise<void>) {
    const q = p.catch((e) => console.error('[ota]', (e as Error).message)).finally(() => this.running.delete(q));
    this.running.add(q);
  }

  /** One pass: stalled devices fail, pending ones are sent, downloaded GT06 ones are asked their version. */
  async tick() {
    if (this.ticking || this.stopped) return;
    this.ticking = true;
    try {
      await this.failStalled();
      const rows = await this.db
        .select({ dev: d, job: otaJobs, fw: firmwares })
        .from(d)
        .innerJoin(otaJobs, eq(otaJobs.id, d.jobId))
        .innerJoin(firmwares, eq(firmwares.id, otaJobs.firmwareId))
        .where(and(eq(otaJobs.status, 'running'), inArray(d.status, ['pending', ...ACTIVE])))
        .orderBy(d.id)
        .limit(1000);
      for (const { dev, job, fw } of rows) {
        if (this.active.has(dev.id) || this.stopped) continue;
        const family = otaFamily(fw.protocol);
        if (dev.status === 'pending')
          this.launch(dev.id, async () => {
            if (await this.claim(dev.id)) await this.send(family, dev, job, fw);
          });
        else if (family === 'gt06' && dev.status === 'downloading' && dev.bytesSent >= fw.size)
          this.launch(dev.id, () => this.askVersion(dev, fw));
      }
    } finally {
      this.ticking = false;
    }
  }

  /**
   * Takes a pending device for this pass: only if no engine (another API node's included)
   * touched it within half a tick, so two nodes do not send the same device at once.
   */
  private async claim(id: number) {
    const now = new Date();
    const [row] = await this.db
      .update(d)
      .set({ updatedAt: now })
      .where(and(eq(d.id, id), eq(d.status, 'pending'), lt(d.updatedAt, new Date(now.getTime() - this.opts.tickMs / 2))))
      .returning({ id: d.id });
    return Boolean(row);
  }

  private launch(id: number, run: () => Promise<void>) {
    this.active.add(id);
    this.track(run().finally(() => this.active.delete(id)));
  }

  private send(family: string | null, dev: DeviceRow, job: OtaJobRow, fw: FirmwareRow) {
    if (family === 'jt808') return this.sendJt808(dev, fw);
    if (family === 'gt06') return this.sendGt06(dev, job, fw);
    return this.finish(dev.id, 'failed', 'protocol cannot be upgraded');
  }

  private async request(terminalId: string, req: CommandRequest): Promise<CommandOutcome | null> {
    try {
      return await sendToTerminal(this.bus, terminalId, req, this.opts.commandTimeoutMs);
    } catch {
      // The node holding it did not answer at all: as a lost reply.
      return { reply: null, result: 0, sentAt: new Date().toISOString(), repliedAt: null };
    }
  }

  /** 0x8108 in sub-packages, each answered by the terminal's 0x0001; its 0x0108 closes it. */
  private async sendJt808(dev: DeviceRow, fw: FirmwareRow) {
    const data = await readFile(firmwarePath(this.opts.firmwareDir, fw.storageKey));
    const body = encodeJt808UpgradeBody({
      type: JT808_UPGRADE_TYPE.terminal,
      manufacturer: JT808_MANUFACTURER,
      version: fw.version,
      data,
    });
    const parts = splitJt808Body(body, JT808_OTA_PACKAGE_BYTES);
    let shown = -1;
    for (let i = 0; i < parts.length; i++) {
      if (this.stopped) return;
      if (i > 0 && !(await this.stillActive(dev.id))) return; // cancelled meanwhile
      let outcome: CommandOutcome | null = null;
      for (let t = 0; t < PACKAGE_TRIES; t++) {
        outcome = await this.request(dev.terminalId, {
          content: `OTA ${fw.version} ${i + 1}/${parts.length}`,
          message: {
            id: JT808_MSG.upgradePackage,
            body: parts[i].toString('hex'),
            packet: { count: parts.length, index: i + 1 },
          },
        });
        if (!outcome || outcome.reply === 'Success') break;
      }
      if (!outcome) {
        // Offline: untouched if it never started; else it starts over when it is back.
        if (i > 0) await this.progress(dev, { status: 'pending', progress: 0 }, ['downloading']);
        return;
      }
      if (outcome.reply !== 'Success') return this.finish(dev.id, 'failed', outcome.reply ?? 'no answer');
      const pct = Math.min(99, percentOf(i + 1, parts.length));
      if (i === 0) {
        const now = new Date();
        await this.progress(
          dev,
          { status: 'downloading', progress: pct, attempts: sql`${d.attempts} + 1`, sentAt: now },
          ['pending'],
        );
        shown = pct;
      } else if (pct !== shown) {
        await this.progress(dev, { progress: pct, bytesSent: Math.min(data.length, (i + 1) * JT808_OTA_PACKAGE_BYTES) }, ['downloading']);
        shown = pct;
      }
    }
  }

  /** The vendor's command with the device's own download URL; the downloads then tell progress. */
  private async sendGt06(dev: DeviceRow, job: OtaJobRow, fw: FirmwareRow) {
    const url = `${job.firmwareUrl}/${dev.token}/${encodeURIComponent(fw.fileName)}`;
    const outcome = await this.request(dev.terminalId, { content: gt06UpgradeCommand(url) });
    if (!outcome) return; // offline: next tick
    const attempt = { attempts: sql`${d.attempts} + 1`, sentAt: new Date(), result: outcome.reply };
    if (outcome.reply && GT06_FAILURE.test(outcome.reply)) {
      await this.progress(dev, attempt, ['pending']);
      return this.finish(dev.id, 'failed', outcome.reply);
    }
    // A download may have started before the reply came: 'downloading' is left as it is.
    await this.progress(dev, { ...attempt, status: 'sent' }, ['pending']);
    await this.progress(dev, attempt, ['downloading']);
  }

  /** A GT06 tracker that downloaded the whole image: done once it reports the new version. */
  private async askVersion(dev: DeviceRow, fw: FirmwareRow) {
    const outcome = await this.request(dev.terminalId, { content: GT06_VERSION_COMMAND });
    if (outcome?.reply?.includes(fw.version)) await this.finish(dev.id, 'success', outcome.reply);
  }

  /** The gateway's 0x0108 for a terminal: its active 808 upgrade ends. */
  async onResult(terminalId: string, result: number) {
    const rows = await this.db
      .select({ id: d.id })
      .from(d)
      .innerJoin(otaJobs, eq(otaJobs.id, d.jobId))
      .where(and(eq(d.terminalId, terminalId), eq(otaJobs.status, 'running'), inArray(d.status, ACTIVE)));
    const status =
      result === JT808_UPGRADE_RESULT.success ? 'success' : result === JT808_UPGRADE_RESULT.cancelled ? 'cancelled' : 'failed';
    for (const r of rows) await this.finish(r.id, status, `0x0108 result ${result}`);
  }

  private async stillActive(id: number) {
    const [row] = await this.db.select({ status: d.status }).from(d).where(eq(d.id, id));
    return row?.status === 'downloading' || row?.status === 'sent';
  }

  private async progress(dev: DeviceRow, set: Partial<Record<keyof DeviceRow, unknown>>, from: DeviceRow['status'][]) {
    const [row] = await this.db
      .update(d)
      .set({ ...set, updatedAt: new Date() } as never)
      .where(and(eq(d.id, dev.id), inArray(d.status, from)))
      .returning({ status: d.status, progress: d.progress });
    if (row) this.publish(dev.jobId, dev.terminalId, row.status, row.progress);
  }

  /** Ends an unfinished device; success records the version on a stock terminal. */
  private async finish(id: number, status: 'success' | 'failed' | 'cancelled', result: string) {
    const now = new Date();
    const [row] = await this.db
      .update(d)
      .set({ status, result: result.slice(0, 500), finishedAt: now, updatedAt: now, ...(status === 'success' ? { progress: 100 } : {}) })
      .where(and(eq(d.id, id), notInArray(d.status, [...OTA_FINAL])))
      .returning();
    if (!row) return;
    this.publish(row.jobId, row.terminalId, row.status, row.progress);
    if (status === 'success') {
      const [job] = await this.db.select({ v: otaJobs.firmwareVersion }).from(otaJobs).where(eq(otaJobs.id, row.jobId));
      if (job) await this.db.update(stock).set({ firmwareVersion: job.v }).where(eq(stock.terminalId, row.terminalId));
    }
    await closeJobIfDone(this.db, row.jobId);
  }

  private async failStalled() {
    const before = new Date(Date.now() - this.opts.stallSeconds * 1000);
    const stalled = await this.db
      .select({ id: d.id })
      .from(d)
      .where(and(inArray(d.status, ACTIVE), lt(d.updatedAt, before)));
    for (const s of stalled) if (!this.active.has(s.id)) await this.finish(s.id, 'failed', 'timeout');
  }

  private publish(jobId: number, terminalId: string, status: string, progress: number) {
    this.bus.publish(OTA_PROGRESS_SUBJECT, { jobId, terminalId, status, progress });
  }
}
