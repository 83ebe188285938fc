/** Messages between the monitor and its list worker (listWorker.ts). */
import type { MonitorDevice } from '../../domain/device-view';

/** Devices per reply message: receiving one costs the page about a millisecond per 500. */
export const LIST_CHUNK = 5_000;

export interface ListRequest {
  seq: number;
  /** The HTTP body of findDeviceLocationAllV2, transferred. */
  bytes: ArrayBuffer;
}

export type ListReply =
  | { seq: number; devices: MonitorDevice[]; last: boolean; failed?: undefined }
  | { seq: number; failed: true };
