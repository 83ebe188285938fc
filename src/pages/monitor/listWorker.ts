/// <reference lib="webworker" />
/**
 * Reads the device list answer (findDeviceLocationAllV2's bytes, fetched by the page) off the
 * main thread: JSON parsing, decoding the columns into devices and the spec order took the page
 * 300-900 ms of main thread at 50,000 devices, at every load and every countdown refresh.
 * The devices go back in the chosen order (list-order.ts) in slices of CHUNK, one message each, so that the page
 * receives them in several short tasks instead of one long one.
 */
import { sortDevicesBy } from '../../domain/list-order';
import type { LocationsV2 } from '../../domain/device-locations';
import { devicesFromColumns } from './decode';
import { LIST_CHUNK, type ListReply, type ListRequest } from './listProtocol';

self.onmessage = (ev: MessageEvent<ListRequest>) => {
  const { seq, bytes, order } = ev.data;
  const post = (reply: ListReply) => (self as unknown as DedicatedWorkerGlobalScope).postMessage(reply);
  let envelope: { meta?: { success?: boolean }; data?: LocationsV2 };
  try {
    envelope = JSON.parse(new TextDecoder().decode(bytes)) as typeof envelope;
  } catch {
    envelope = {};
  }
  // Anything but a success: the page asks again the ordinary way, which reports the error.
  if (envelope.meta?.success !== true || !envelope.data?.columns) return post({ seq, failed: true });
  const ordered = sortDevicesBy(devicesFromColumns(envelope.data.columns), order, Date.now());
  for (let i = 0; i < ordered.length || i === 0; i += LIST_CHUNK) {
    post({ seq, devices: ordered.slice(i, i + LIST_CHUNK), last: i + LIST_CHUNK >= ordered.length });
  }
};
