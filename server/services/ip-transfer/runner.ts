import { and, eq } from 'drizzle-orm';
import { DEVICE_STATE } from '../../../src/domain/codes';
import type { StateEvent } from '../../../src/domain/live-events';
import type { EventBus } from '../../bus/types';
import type { Db } from '../../db/client';
import { ipTransferDevices } from '../../db/schema/ip-transfers';
import { checkMoves, finishSettled, finishTransfer } from './check';
import { sendServerAddress } from './send';
import type { TransferTarget } from './targets';

/** Terminals sent at once: enough that 100 answer within a second, few enough not to flood a node. */
export const TRANSFER_CONCURRENCY = 50;
/** When the move check runs by itself after the sends (ms after they end): results appear unasked. */
export const TRANSFER_CHECK_AFTER_MS = [1000, 3000, 6000, 15_000, 30_000, 60_000, 120_000, 300_000];
/** A device of a running transfer came online: check it this long after (its connection record lands). */
export const TRANSFER_CHECK_ON_CONNECT_MS = 1000;

/**
 * Runs transfers in the background of this node: the bounded concurrent sends, each device's
 * row updated as its answer arrives, then the scheduled move checks. close() stops it (app close).
 */
export class TransferRunner {
  private timers = new Set<NodeJS.Timeout>();
  private jobs = new Set<Promise<unknown>>();
  private closed = false;
  /** Terminals of the transfers this node is following, and those that just came online. */
  private watched = new Map<string, number>();
  private connected = new Set<string>();
  private connectTimer: NodeJS.Timeout | null = null;
  private unsubscribe: (() => void) | null = null;

  constructor(
    private db: Db,
    private bus: EventBus,
    private checkAfterMs: readonly number[] = TRANSFER_CHECK_AFTER_MS,
  ) {}

  /** Sends `targets` the new address; resolves when every answer (or timeout) is recorded. */
  run(transferId: number, targets: readonly TransferTarget[], host: string, port: number): Promise<void> {
    this.watch(transferId, targets);
    return this.track(
      this.sendAll(transferId, targets, host, port).then(() => this.scheduleChecks(transferId)),
      `transfer ${transferId}`,
    );
  }

  /** Follows background work so close() can wait for it; a failure is logged, not thrown. */
  private track(work: Promise<unknown>, what: string): Promise<void> {
    const job = work.then(
      () => undefined,
      (e) => console.error(`[ip-transfer] ${what} failed:`, (e as Error).message),
    );
    this.jobs.add(job);
    void job.finally(() => this.jobs.delete(job));
    return job;
  }

  private async sendAll(transferId: number, targets: readonly TransferTarget[], host: string, port: number) {
    let next = 0;
    const worker = async () => {
      while (!this.closed && next < targets.length) {
        const t = targets[next++];
        const r = await sendServerAddress(this.bus, t, host, port);
        if (this.closed) return;
        await this.db
          .update(ipTransferDevices)
          .set({ status: r.status, result: r.result, sentAt: r.status === 'offline' ? null : r.sentAt })
          .where(
            and(
              eq(ipTransferDevices.transferId, transferId),
              eq(ipTransferDevices.terminalId, t.terminalId),
              eq(ipTransferDevices.status, 'pending'),
            ),
          );
      }
    };
    await Promise.all(Array.from({ length: Math.min(TRANSFER_CONCURRENCY, targets.length) }, worker));
    if (!this.closed) await finishSettled(this.db, [transferId]);
  }

  /** The move check a few times after the sends; the last one ends the transfer. */
  private scheduleChecks(transferId: number) {
    this.checkAfterMs.forEach((ms, i) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        if (this.closed) return;
        const last = i === this.checkAfterMs.length - 1;
        if (last) this.unwatch(transferId);
        this.track(
          checkMoves(this.db, { transferId }).then(() => (last ? finishTransfer(this.db, transferId) : undefined)),
          `check of ${transferId}`,
        );
      }, ms);
      timer.unref();
      this.timers.add(timer);
    });
  }

  /**
   * Imported devices announce coming online on the bus (dev.state): a tracker of a running
   * transfer that reconnects is checked a moment later, without waiting for the next scheduled check.
   */
  private watch(transferId: number, targets: readonly TransferTarget[]) {
    for (const t of targets) this.watched.set(t.terminalId, transferId);
    this.unsubscribe ??= this.bus.subscribe<StateEvent>('dev.state.*', (e) => {
      if (e?.type !== 'state' || e.state !== DEVICE_STATE.online || !this.watched.has(e.terminalId)) return;
      this.connected.add(e.terminalId);
      if (this.connectTimer) return;
      this.connectTimer = setTimeout(() => this.checkConnected(), TRANSFER_CHECK_ON_CONNECT_MS);
      this.connectTimer.unref();
    });
  }

  private unwatch(transferId: number) {
    for (const [terminalId, id] of this.watched) if (id === transferId) this.watched.delete(terminalId);
  }

  private checkConnected() {
    this.connectTimer = null;
    const terminalIds = [...this.connected];
    this.connected.clear();
    if (this.closed || terminalIds.length === 0) return;
    this.track(checkMoves(this.db, { terminalIds }), 'check on connect');
  }

  async close() {
    this.closed = true;
    this.unsubscribe?.();
    if (this.connectTimer) clearTimeout(this.connectTimer);
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    // Sends in flight end at their timeout; the database writes after them are skipped.
    await Promise.race([Promise.allSettled([...this.jobs]), new Promise((r) => setTimeout(r, 2000).unref())]);
  }
}
