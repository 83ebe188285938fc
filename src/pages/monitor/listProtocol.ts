/** Messages between the monitor and its list worker (listWorker.ts). */
import type { MonitorDevice } from '../../domain/device-view';
import type { ListOrder } from '../../domain/list-order';

/** Devices per reply message: receiving one costs the page about a millisecond per 500. */
export const LIST_CHUNK = 5_000;

export interface ListRequest {
  seq: number;
  /** The HTTP body of findDeviceLocationAllV2, transferred. */
  bytes: ArrayBuffer;
  /** The order the user chose (list-order.ts). */
  order: ListOrder;
}

export type ListReply =
  | { seq: number; devices: MonitorDevice[]; last: boolean; failed?: undefined }
  | { seq: number; failed: true };
