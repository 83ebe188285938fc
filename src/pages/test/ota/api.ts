import { API_BASE, ApiError, request, type Envelope } from '../../../providers/http';
import { getToken } from '../../../providers/session';

/** The OTA screens' calls (server/routes/factory/ota.ts). */

export interface Firmware {
  id: number;
  fileName: string;
  version: string;
  deviceType: string;
  protocol: number;
  size: number;
  sha256: string;
  md5: string;
  notes: string;
  createdAt: string;
}

export interface OtaJob {
  id: number;
  name: string;
  firmwareId: number | null;
  firmwareVersion: string;
  deviceType: string;
  targetMode: 'imeis' | 'type';
  status: 'pending' | 'running' | 'done' | 'cancelled';
  total: number;
  success: number;
  failed: number;
  cancelled: number;
  active: number;
  pending: number;
  progress: number;
  createdAt: string;
  finishedAt: string | null;
}

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

export const listJobs = (pageNum: number, pageSize: number) =>
  request<Page<OtaJob>>('/ota/job/list', { pageNum, pageSize });
export const jobDevices = (jobId: number, pageNum: number, pageSize: number) =>
  request<Page<OtaDevice>>('/ota/job/devices', { jobId, pageNum, pageSize });
export const createJob = (body: { name: string; firmwareId: number; targetMode: string; imeis?: string }) =>
  request<{ id: number; total: number }>('/ota/job/create', body);
export const cancelJob = (jobId: number, terminalID?: string) =>
  request<{ cancelled: number }>('/ota/job/cancel', { jobId, terminalID });
export const retryJob = (jobId: number, terminalID?: string) =>
  request<{ retried: number }>('/ota/job/retry', { jobId, terminalID });

export const listFirmwares = (pageNum: number, pageSize: number) =>
  request<Page<Firmware>>('/ota/firmware/list', { pageNum, pageSize });
export const deleteFirmware = (id: number) => request<{ id: number }>('/ota/firmware/delete', { id });

const authHeader = (): Record<string, string> => {
  const token = getToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
};

/** The envelope of a raw call, or the ApiError the JSON client would throw. */
async function envelopeOf<T>(res: Response): Promise<T> {
  const env = (await res.json().catch(() => null)) as Envelope<T> | null;
  if (!env?.meta || !res.ok || !env.meta.success)
    throw new ApiError(res.status, env?.meta ?? { success: false, code: 0, message: '', key: 'network' });
  return env.data;
}

/** The file itself is the body; the metadata goes in the query string. */
export async function uploadFirmware(
  file: File,
  meta: { version: string; deviceType: string; notes?: string; checksum?: string },
): Promise<Firmware> {
  const query = new URLSearchParams({ fileName: file.name.slice(0, 128) });
  for (const [k, v] of Object.entries(meta)) if (v?.trim()) query.set(k, v.trim());
  const res = await fetch(`${API_BASE}/ota/firmware/upload?${query}`, {
    method: 'POST',
    headers: { ...authHeader(), 'Content-Type': 'application/octet-stream', Accept: 'application/json' },
    body: file,
  });
  return envelopeOf<Firmware>(res);
}

/** The staff download: fetched with the session's token, then handed to the browser. */
export async function downloadFirmware(fw: Firmware): Promise<Blob> {
  const res = await fetch(`${API_BASE}/ota/firmware/${fw.id}/download`, { headers: authHeader() });
  if (!res.ok) return envelopeOf<never>(res);
  return res.blob();
}

export const upgradableTypes = () =>
  request<{ name: string; protocol: number; family: 'jt808' | 'gt06' }[]>('/ota/deviceTypes', {});
