import { request } from '../../../providers/http';

/** The per-device progress's calls (server/routes/factory/ota.ts); the rest goes through descriptors. */

export interface OtaDevice {
  id: number;
  jobId: number;
  terminalID: string;
  status: 'pending' | 'sent' | 'downloading' | 'success' | 'failed' | 'cancelled';
  progress: number;
  attempts: number;
  bytesSent: number;
  fromVersion: string | null;
  result: string | null;
  sentAt: string | null;
  finishedAt: string | null;
  updatedAt: string;
}

type Page<T> = { list: T[]; total: number };

export const jobDevices = (jobId: number, pageNum: number, pageSize: number) =>
  request<Page<OtaDevice>>('/ota/job/devices', { jobId, pageNum, pageSize });
export const cancelJob = (jobId: number, terminalID?: string) =>
  request<{ cancelled: number }>('/ota/job/cancel', { jobId, terminalID });
export const retryJob = (jobId: number, terminalID?: string) =>
  request<{ retried: number }>('/ota/job/retry', { jobId, terminalID });
