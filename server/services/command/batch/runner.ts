import { eq } from 'drizzle-orm';
import { isFailedItem } from '../../../../src/domain/command-batch';
import { SUBJECT, type EventBus } from '../../../bus/types';
import type { Db } from '../../../db/client';
import { commandBatches } from '../../../db/schema/command-batches';
import type { AuthContext } from '../../../plugins/auth';
import { progressReporter } from '../../../realtime/batch-progress';
import type { FastifyInstance } from 'fastify';
import { batchTargets, type ItemTarget } from './targets';
import type { CommandRequest } from '../resolve';
import { ItemWriter, type ItemState } from './item-writer';
import { finishBatch, interruptBatches, interruptLeftovers } from './lifecycle';
import { Pacer } from './pacer';
import { commandSettingsOf } from '../send';
import { failedItem, sentItem, type ItemContext } from './run-item';

export interface RunnerSettings {
  timeoutMs: number;
  offlineTtlHours: number;
  ratePerSecond: number;
  concurrency: number;
  nodeId: string;
}

export interface BatchToRun {
  id: number;
  key: string;
  auth: AuthContext;
  request: CommandRequest;
  /** The items in the order the caller listed the devices. */
  items: { id: number; terminalId: string }[];
  /**
   * Factory batches (issue 15) reach every known terminal, imported devices and factory stock,
   * not only the caller's subtree; the factory routes set it, behind the factory permission.
   */
  factory?: boolean;
}

interface Running {
  stop: boolean;
  cancelled: boolean;
  done: Promise<void>;
}

/** The answer of the node running a batch to cancelBatch: it starts nothing more. */
export interface CancelAnswer {
  stopped: true;
}

/** Devices read per query, just before their commands start (their state is that recent). */
const LOOKUP = 200;
/** How long a closing server waits for commands awaiting their reply before it lets them go. */
const CLOSE_WAIT_MS = 3000;

/**
 * Runs this node's command batches in the background: each device in the order given, paced
 * by the node's Pacer, each item's state written in bulk by one ItemWriter, progress told to
 * the sender's websockets. A cancel (from any node, over the bus) stops the batch starting
 * commands; those awaiting their reply finish. A closing server stops its batches and marks
 * them interrupted; one that stopped without closing finds them at its next start.
 */
export class CommandBatchRunner {
  private readonly pacer: Pacer;
  private readonly writer: ItemWriter;
  private readonly running = new Map<number, Running>();

  constructor(
    private readonly db: Db,
    private readonly bus: EventBus,
    private readonly s: RunnerSettings,
    private readonly log: (err: unknown) => void,
  ) {
    this.pacer = new Pacer(s.ratePerSecond, s.concurrency);
    this.writer = new ItemWriter(db, log);
  }

  /** Marks what this node left running before it restarted. */
  async open() {
    await interruptLeftovers(this.db, this.s.nodeId);
  }

  start(batch: BatchToRun) {
    const run: Running = { stop: false, cancelled: false, done: Promise.resolve() };
    this.running.set(batch.id, run);
    // cancelBatch, on whichever node it is called, asks this node; once the answer is back
    // every item started is stored as at least sent, so the caller cancels only the others.
    const off = this.bus.respond(SUBJECT.commandBatchCancel(batch.id), async (): Promise<CancelAnswer> => {
      Object.assign(run, { stop: true, cancelled: true });
      await this.writer.flush();
      return { stopped: true };
    });
    run.done = this.run(run, batch)
      .catch(async (err) => {
        this.log(err);
        await interruptBatches(this.db, eq(commandBatches.id, batch.id)).catch(this.log);
      })
      .finally(() => {
        off();
        this.running.delete(batch.id);
      });
  }

  /** Resolves when a batch this node runs is over (at once for one it does not run). */
  whenDone(batchId: number): Promise<void> {
    return this.running.get(batchId)?.done ?? Promise.resolve();
  }

  async close() {
    const runs = [...this.running.values()];
    for (const r of runs) r.stop = true;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all(runs.map((r) => r.done)),
      new Promise((r) => (timer = setTimeout(r, CLOSE_WAIT_MS))),
    ]);
    clearTimeout(timer);
    await this.writer.flush();
  }

  private async run(run: Running, batch: BatchToRun) {
    const { auth, items } = batch;
    const progress = progressReporter(this.bus, auth.user.id, batch.key, items.length);
    const ctx: ItemContext = {
      db: this.db,
      bus: this.bus,
      auth,
      request: batch.request,
      timeoutMs: this.s.timeoutMs,
      offlineTtlHours: this.s.offlineTtlHours,
    };
    let settled = 0;
    let failed = 0;
    const inFlight = new Set<Promise<void>>();
    const settle = (state: ItemState) => {
      this.writer.set(state);
      settled++;
      if (isFailedItem(state.status)) failed++;
      progress.update(settled, failed);
    };

    dispatch: for (let i = 0; i < items.length; i += LOOKUP) {
      if (run.stop) break;
      const part = items.slice(i, i + LOOKUP);
      const found = await batchTargets(
        this.db,
        auth,
        part.map((p) => p.terminalId),
        batch.factory ?? false,
      );
      for (const item of part) {
        await this.pacer.acquire();
        if (run.stop) {
          this.pacer.release();
          break dispatch;
        }
        // Marked sent at once (stored at the next flush if still in flight), so a cancel never
        // counts an item already started among those it cancels.
        this.writer.set({ id: item.id, deviceId: null, ...sentItem(null) });
        const p: Promise<void> = this.one(ctx, item.id, found.get(item.terminalId))
          .then(settle)
          .finally(() => {
            this.pacer.release();
            inFlight.delete(p);
          });
        inFlight.add(p);
      }
    }
    await Promise.all([...inFlight]);
    await this.writer.flush();
    // Items never started were cancelled: by the cancel call, or below when interrupted.
    if (run.stop && !run.cancelled) await interruptBatches(this.db, eq(commandBatches.id, batch.id));
    else await finishBatch(this.db, batch.id);
    // The final message says done = total: items never started were cancelled.
    await progress.finish(failed);
  }

  /** One item's outcome; a fault of the server fails this device alone. */
  private async one(ctx: ItemContext, id: number, target: ItemTarget | undefined): Promise<ItemState> {
    const base = { id, deviceId: target?.deviceId ?? null };
    try {
      const onSent = (content: string) => this.writer.set({ ...base, ...sentItem(content) });
      const o = target ? await target.run(ctx, onSent) : failedItem('notFound');
      return { ...base, ...o };
    } catch (err) {
      this.log(err);
      return { ...base, ...failedItem('commandFailed') };
    }
  }
}

/** One runner per server (the console's batches and the factory's share its pace). */
const shared = new WeakMap<object, CommandBatchRunner>();

/** The server's batch runner, made (and tied to the server's start and close) on first use. */
export function sharedBatchRunner(app: FastifyInstance): CommandBatchRunner {
  const hit = shared.get(app.server);
  if (hit) return hit;
  const { config } = app;
  const runner = new CommandBatchRunner(
    app.db,
    app.bus,
    {
      ...commandSettingsOf(config),
      ratePerSecond: config.commandBatch.ratePerSecond,
      concurrency: config.commandBatch.concurrency,
      nodeId: config.nodeId,
    },
    (err) => app.log.error({ err }, 'command batch'),
  );
  shared.set(app.server, runner);
  app.addHook('onReady', async () => runner.open());
  app.addHook('onClose', async () => runner.close());
  return runner;
}
