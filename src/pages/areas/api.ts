/** The risk point, check-car and bus route calls (docs/api/areas.md), typed for the screens. */
import { AREA_KINDS, type AreaKind, type AreaSaveBody } from '../../domain/area/kinds';
import type { BusRouteBody } from '../../domain/area/stops';
import type { BusStopInput } from '../../domain/area/bus';
import { request } from '../../providers/http';

export interface Area {
  id: number;
  name: string;
  purpose: AreaKind;
  type: 'circle' | 'polygon' | 'rectangle';
  radius: number | null;
  center: { lng: number; lat: number } | null;
  points: [number, number][] | null;
  createdAt: string;
  userId: number;
  username: string;
}

export interface Page<T> {
  list: T[];
  total: number;
}

export interface AreaQuery {
  pageNum?: number;
  pageSize?: number;
  name?: string;
}

export const listAreas = (kind: AreaKind, q: AreaQuery) => request<Page<Area>>(`${AREA_KINDS[kind].base}/list`, { ...q });

/** Every area of the kind in the caller's subtree, page by page (the map shows them all). */
export async function allAreas(kind: AreaKind): Promise<Area[]> {
  const out: Area[] = [];
  for (let pageNum = 1; ; pageNum++) {
    const { list, total } = await listAreas(kind, { pageNum, pageSize: 100 });
    out.push(...list);
    if (!list.length || out.length >= total) return out;
  }
}

export const saveArea = (kind: AreaKind, body: AreaSaveBody) =>
  request<Area>(`${AREA_KINDS[kind].base}/${body.id ? 'edit' : 'add'}`, body);
export const deleteArea = (kind: AreaKind, id: number) => request<null>(`${AREA_KINDS[kind].base}/delete`, { id });

export interface BusRoute {
  id: number;
  name: string;
  userId: number;
  username: string;
  line: [number, number][];
  stops: BusStopInput[];
  devices: { terminalID: string; name: string }[];
  createdAt: string;
}

/** GET, as spec section 7 has it (`busRoutesList {userId}`); no userId: the caller's own. */
export const listBusRoutes = (q: { pageNum: number; pageSize: number; userId?: number }) =>
  request<Page<BusRoute>>('/bus/busRoutesList', undefined, { query: { ...q } });

/** One route: the list holds every field, so the editor finds it there (there is no detail call). */
export async function busRoute(id: number, userId?: number): Promise<BusRoute | undefined> {
  for (let pageNum = 1; ; pageNum++) {
    const { list, total } = await listBusRoutes({ pageNum, pageSize: 100, ...(userId ? { userId } : {}) });
    const found = list.find((r) => r.id === id);
    if (found || !list.length || pageNum * 100 >= total) return found;
  }
}

export const saveBusRoute = (body: BusRouteBody) =>
  request<BusRoute>(body.id ? '/bus/busRoutesEdit' : '/bus/busRoutesAdd', body);
export const deleteBusRoute = (id: number) => request<null>(`/bus/busRoutesDel/${id}`, {});
