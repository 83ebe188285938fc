/** The monitor's API calls (spec section 7), typed once. */
import { MAP_CHOICES, MAP_TYPES, type MapChoice, type MapType } from '../../domain/codes';
import { MAP_DEFAULT_DEVICE_PLATFORM } from '../../domain/constants';
import type { MonitorDevice } from '../../domain/device-view';
import type { AgentRow } from '../../domain/hierarchy';
import type { ListOrder } from '../../domain/list-order';
import { ApiError, request } from '../../providers/http';
import type { LocationsV2 } from '../../domain/device-locations';
import { devicesFromColumns } from './decode';
import { devicesInWorker } from './listClient';
import { takeOrAskList } from './listPrefetch';

/** A device list: in `order` already when the list worker read it, else as the API sent it. */
export interface DeviceListLoad {
  slices: MonitorDevice[][];
  sorted: boolean;
  /** The order the slices are in when sorted (absent: the spec's, list-order.ts `state`). */
  order?: ListOrder;
}

/** The columnar V2 read by the list worker; null when that way does not answer (see fetchDevices). */
async function fetchInWorker(
  userId: number | undefined,
  order: ListOrder,
  signal: AbortSignal,
): Promise<MonitorDevice[][] | null> {
  let res: Response;
  try {
    res = await takeOrAskList(userId, signal);
  } catch (err) {
    if ((err as Error)?.name === 'AbortError') throw err;
    return null;
  }
  if (!res.ok) return null;
  return devicesInWorker(await res.arrayBuffer(), order, signal);
}

/**
 * Devices with state and last position; `userId` narrows to one selected account. The
 * columnar V2 first (much smaller at 10,000 devices); V1 on a server without it.
 */
export async function fetchDevices(
  userId: number | undefined,
  signal: AbortSignal,
): Promise<MonitorDevice[]> {
  const body = userId ? { userId } : {};
  try {
    const v2 = await request<LocationsV2>('/device/findDeviceLocationAllV2', body, { signal });
    return devicesFromColumns(v2.columns);
  } catch (err) {
    if (!(err instanceof ApiError) || err.statusCode !== 404) throw err;
  }
  return request<MonitorDevice[]>('/device/findDeviceLocationAll', body, { signal });
}

/**
 * The monitor's list: V2 parsed and put in `order` by the list worker; when that way fails, fetchDevices
 * (which reports errors and expired sessions as every call does).
 */
export async function loadDeviceList(
  userId: number | undefined,
  order: ListOrder,
  signal: AbortSignal,
): Promise<DeviceListLoad> {
  const slices = await fetchInWorker(userId, order, signal);
  if (slices) return { slices, sorted: true, order };
  return { slices: [await fetchDevices(userId, signal)], sorted: false };
}

/** The caller's subtree as agent rows, for the account selector. */
export function fetchAgentRows(rootId: number): Promise<AgentRow[]> {
  return request<AgentRow[]>('/user/findAllUserV2', { id: rootId });
}

export interface MapKey {
  key: string;
  /** GaoDe: the security code its script reads from window._AMapSecurityConfig. */
  securityJsCode?: string;
}

/**
 * The map key of the system setting; null when none is configured (the server answers key ""
 * then). Ask only for a map type of `fetchMapDefaults().keyed`.
 */
export async function fetchMapKey(projectName: string, mapType: string): Promise<MapKey | null> {
  const data = await request<unknown>('/map/getKey', {
    projectName,
    devicePlatform: MAP_DEFAULT_DEVICE_PLATFORM,
    mapType,
  });
  if (typeof data === 'string') return data ? { key: data } : null;
  const obj = data as { key?: string; mapKey?: string; securityJsCode?: string } | null;
  const key = obj?.key || obj?.mapKey;
  return key ? { key, ...(obj?.securityJsCode ? { securityJsCode: obj.securityJsCode } : {}) } : null;
}

export interface MapDefaults {
  /** The administrator's default map type (a keyed provider, OSM or Offline), or null. */
  defaultMapType: MapChoice | null;
  /** The map types with a browser key: the only ones worth a getKey. */
  keyed: MapType[];
}

/** The administrator's map defaults (mapKey setting); no keys and no default when it cannot be read. */
export async function fetchMapDefaults(): Promise<MapDefaults> {
  const data = await request<{ defaultMapType?: string | null; keyedMapTypes?: string[] }>(
    '/system/mapDefaults',
    {},
  ).catch(() => null);
  return {
    defaultMapType: MAP_CHOICES.find((c) => c === data?.defaultMapType) ?? null,
    keyed: MAP_TYPES.filter((t) => data?.keyedMapTypes?.includes(t)),
  };
}

export interface Suggestion {
  name: string;
  address?: string;
  lng: number;
  lat: number;
}

/** Place suggestions of the provider's search (only when a map key is set). */
export async function fetchSuggestions(
  q: string,
  opts: { region?: string; language: string; mapType: string },
  signal?: AbortSignal,
): Promise<Suggestion[]> {
  const data = await request<unknown>(
    '/map/getSuggestion',
    {
      param: q,
      output: 'json',
      region: opts.region,
      coord_type: 'wgs84',
      language: opts.language,
      mapType: opts.mapType,
    },
    { signal },
  );
  const list = Array.isArray(data) ? data : ((data as { result?: unknown[] } | null)?.result ?? []);
  return (list as Record<string, unknown>[]).flatMap((r) => {
    const loc = (r.location ?? {}) as { lat?: number; lng?: number };
    const lat = Number(r.lat ?? loc.lat);
    const lng = Number(r.lng ?? r.lon ?? loc.lng);
    if (!Number.isFinite(lat) || !Number.isFinite(lng)) return [];
    return [{ name: String(r.name ?? ''), address: r.address ? String(r.address) : undefined, lat, lng }];
  });
}

/** The provider's address of a position: formatted address plus the semantic description. */
export async function fetchProviderAddress(
  lat: number,
  lng: number,
  language: string,
  mapType: string,
): Promise<string | null> {
  const data = await request<{
    status?: number;
    result?: { formatted_address?: string; sematic_description?: string };
  }>('/map/getKeyAddress', { param: `${lat},${lng}`, language, extensions_poi: 1, mapType });
  if (data?.status !== undefined && data.status !== 0) return null;
  const r = data?.result;
  if (!r?.formatted_address) return null;
  return r.sematic_description ? `${r.formatted_address} (${r.sematic_description})` : r.formatted_address;
}
