/** The command console's API calls (server/routes/command), typed once. */
import type { ParamValues } from '../../domain/command-set';
import { request } from '../../providers/http';

export interface CommandBody {
  terminalID: string;
  commandKey?: string;
  params?: ParamValues;
  content?: string;
}

export interface SendAnswer {
  queued: boolean;
  content: string;
  commandKey: string | null;
  commandId?: number;
  offlineCommandId?: number;
  backContent?: string | null;
  result?: number;
  askOffline?: boolean;
}

export interface CommandRow {
  id: number;
  content: string;
  backContent: string | null;
  result: number | null;
  status: string;
  username: string | null;
  createdAt: string;
  repliedAt: string | null;
  offlineCommandId: number | null;
}

export interface StatusChange {
  status: string;
  at: string;
  username: string | null;
  detail: string | null;
}

export interface OfflineRow {
  id: number;
  content: string;
  status: string;
  username: string | null;
  attempts: number;
  reply: string | null;
  createdAt: string;
  expiresAt: string | null;
  deliveredAt: string | null;
  changes: StatusChange[];
}

export interface Preset {
  id: number;
  name: string;
  commandKey: string | null;
  params: ParamValues | null;
  content: string | null;
}

interface Page<T> {
  list: T[];
  total: number;
}

export const sendCommand = (b: CommandBody) => request<SendAnswer>('/command/sendCommand', b);
export const saveOffline = (b: CommandBody) => request<unknown>('/command/insertOffline', b);
export const commandLog = (terminalID: string, pageNum: number, pageSize: number) =>
  request<Page<CommandRow>>('/command/getCommand', { terminalID, pageNum, pageSize });
export const offlineQueue = (terminalID: string, pageNum: number, pageSize: number) =>
  request<Page<OfflineRow>>('/command/findAndOffline', { terminalID, pageNum, pageSize });
export const cancelOffline = (terminalID: string, id: number) =>
  request<null>('/command/cancelOffline', { terminalID, id });
export const listPresets = () => request<Preset[]>('/command/getOrderCommand', {});
export const savePreset = (name: string, b: Omit<CommandBody, 'terminalID'>) =>
  request<{ id: number }>('/command/saveOrderCommand', { name, ...b });
export const deletePreset = (id: number) => request<null>('/command/delOrderCommand', { id });
export const findNbDeviceId = (terminalID: string) =>
  request<{ deviceId: string | null }>('/device/findDeviceId', undefined, {
    method: 'GET',
    query: { terminalID },
  });
