/**
 * The position writer's database work in a worker thread (worker-store.ts starts it): batches
 * arrive as columns, are inserted with the same SQL as in-process, and device rows follow in
 * rounds of their own here. Building the array literals and the driver's protocol work then
 * no longer run on the gateway's thread, where they queued behind socket floods.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../db/client';
import { DirectStore } from './batch-store';
import { fromColumns, type PositionColumns } from './position-columns';
import type { ToWorker, FromWorker, WorkerSetup } from './worker-store';

const setup = workerData as WorkerSetup;
const port = parentPort!;
const handle = await openDatabase({ url: setup.url });
const store = new DirectStore(handle.db, setup.deviceFlushMs);
const send = (m: FromWorker) => port.postMessage(m);
store.onError = (err) => send({ t: 'error', message: err.message });

port.on('message', (m: ToWorker) => {
  if (m.t === 'write') {
    store.write(fromColumns(m.cols as PositionColumns)).then(
      () => send({ t: 'done', id: m.id }),
      (err: Error) => send({ t: 'failed', id: m.id, message: err.message }),
    );
  } else if (m.t === 'settle') {
    void store.settle().then(() => send({ t: 'done', id: m.id }));
  } else if (m.t === 'close') {
    void store
      .close()
      .then(() => handle.close())
      .then(() => send({ t: 'done', id: m.id }));
  }
});
send({ t: 'ready' });
