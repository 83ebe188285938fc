import { formatStay } from '../domain/area/format';
import type { DrawnList, EntityDescriptor } from './types';

/**
 * The read-only lists of the area screens, drawn by the generic ListScreen: a check-car area's
 * or point's visits (with the server's xlsx export) and a bus route's stop arrivals. Each is
 * built for one area or route (its id goes with every request as a fixed param).
 */
export const AREA_ENTITY: EntityDescriptor = {
  namespace: 'area',
  subject: 'fence',
  fields: {
    id: { type: 'number' },
    fenceName: { type: 'text', labelKey: 'fields.area' },
    terminalID: { type: 'text', labelKey: 'fields.terminalID', maxLength: 32 },
    deviceName: { type: 'text', labelKey: 'fields.device' },
    stopName: { type: 'text', labelKey: 'fields.stop' },
    arrivedAt: { type: 'datetime', labelKey: 'fields.arrivedAt' },
    // Still inside: no departure yet.
    departedAt: { type: 'datetime', labelKey: 'fields.departedAt' },
    duration: { type: 'number', labelKey: 'fields.duration', format: (v) => formatStay(v as number | null) },
    // The filters: visits overlapping [startTime, endTime), sent as ISO instants.
    startTime: { type: 'datetime', labelKey: 'fields.startTime' },
    endTime: { type: 'datetime', labelKey: 'fields.endTime' },
  },
};

const FILTERS = ['terminalID', 'startTime', 'endTime'] as const;

/** Visits of one check-car area or point; the export is the server's xlsx of the same filters. */
export function visitsList(fenceId: number, purpose: 'checkArea' | 'checkPoint'): DrawnList {
  return {
    name: `areaVisits-${fenceId}`,
    labelKey: 'areaVisits',
    entity: AREA_ENTITY,
    view: {
      kind: 'list',
      endpoint: '/checkCar/visits',
      rowKey: 'id',
      columns: ['deviceName', 'terminalID', 'arrivedAt', 'departedAt', 'duration'],
      filters: FILTERS,
      params: { fenceId, purpose },
      export: { endpoint: '/checkCar/exportVisits', fileName: 'visits' },
    },
  };
}

/** Stop arrivals of one bus route. */
export function arrivalsList(routeId: number): DrawnList {
  return {
    name: `busArrivals-${routeId}`,
    labelKey: 'busArrivals',
    entity: AREA_ENTITY,
    view: {
      kind: 'list',
      endpoint: '/bus/arrivals',
      rowKey: 'id',
      columns: ['deviceName', 'terminalID', 'stopName', 'arrivedAt', 'departedAt', 'duration'],
      filters: FILTERS,
      params: { routeId },
    },
  };
}
