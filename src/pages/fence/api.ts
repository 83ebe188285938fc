/** The fence calls (docs/api/fences.md), typed for the screens. */
import type { FenceAlarmMode, FencePostType } from '../../domain/fence/rules';
import { request } from '../../providers/http';

export type FenceType = 'circle' | 'polygon' | 'rectangle';

export interface Fence {
  id: number;
  name: string;
  type: FenceType;
  radius: number | null;
  center: { lng: number; lat: number } | null;
  points: [number, number][] | null;
  state: 0 | 1;
  createdAt: string;
  userId: number;
  username: string;
  devices: number;
}

export interface Allocation {
  terminalID: string;
  name: string;
  alarmMode: FenceAlarmMode;
  postType: FencePostType;
  inMinutes: number;
  outMinutes: number;
  inside: boolean | null;
}

export interface FenceDetail extends Fence {
  allocations: Allocation[];
  hiddenDevices: number;
}

export interface BatchResult {
  total: number;
  succeeded: number;
  failed: { terminalID: string; key: string; message: string }[];
}

export interface ListQuery {
  pageNum?: number;
  pageSize?: number;
  name?: string;
  type?: FenceType;
}

export const listFences = (q: ListQuery) => request<{ list: Fence[]; total: number }>('/fence/list', { ...q });
export const fenceDetail = (id: number) => request<FenceDetail>('/fence/detail', { id });

/** Every fence of the caller's subtree, page by page (the multi-fence map shows them all). */
export async function allFences(): Promise<Fence[]> {
  const out: Fence[] = [];
  for (let pageNum = 1; ; pageNum++) {
    const { list, total } = await listFences({ pageNum, pageSize: 100 });
    out.push(...list);
    if (!list.length || out.length >= total) return out;
  }
}

export type SaveBody =
  | { id?: number; name: string; type: 'circle'; center: { lng: number; lat: number }; radius: number }
  | { id?: number; name: string; type: 'polygon' | 'rectangle'; points: [number, number][] };

export function saveFence(body: SaveBody): Promise<Fence> {
  if (body.type === 'circle') {
    const { type: _type, ...rest } = body;
    return request<Fence>('/geofencing/geofencingCircle', rest);
  }
  return request<Fence>('/geofencing/geofencingRectangle', body);
}

export interface AllocateBody {
  fenceId: number;
  terminalIDs?: string[];
  userIds?: number[];
  alarmMode: FenceAlarmMode;
  postType: FencePostType;
  inMinutes: number;
  outMinutes: number;
}

export const allocateFence = (body: AllocateBody) => request<BatchResult>('/fence/allocate', { ...body });
export const unallocateFence = (fenceId: number, terminalIDs: string[]) =>
  request<BatchResult>('/fence/unallocate', { fenceId, terminalIDs });
export const deleteFence = (id: number) => request<null>('/fence/delete', { id });
export const setFenceState = (id: number, state: 0 | 1) => request<null>('/fence/state', { id, state });
