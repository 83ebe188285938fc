import { PERMISSIONS as P } from '../../../config/roles';
import type { EntityAction, ListView } from '../types';

/**
 * The alarm list (spec: alarms, alarmsAll) over findAllAlarm: filters, unread rows drawn
 * stronger, mark read or unread per row (at once: it is undone as easily), delete per row or
 * on the selected rows, mark every alarm matching the filters read, and the server's export.
 */
const MARK = '/deviceAlarms/upDateDeviceAlarm';
const DELETE = '/deviceAlarms/deleteDeviceAlarm';
const permissions = [P.alarms];
const byId = { param: 'id', from: 'id' };

const ROW_ACTIONS: EntityAction[] = [
  {
    name: 'markRead',
    labelKey: 'actions.markRead',
    endpoint: MARK,
    permissions,
    params: { read: true },
    idParam: byId,
    immediate: true,
    when: (row) => row.read === false,
  },
  {
    name: 'markUnread',
    labelKey: 'actions.markUnread',
    endpoint: MARK,
    permissions,
    params: { read: false },
    idParam: byId,
    immediate: true,
    when: (row) => row.read === true,
  },
  { name: 'delete', labelKey: 'actions.delete', endpoint: DELETE, permissions, idParam: byId, danger: true },
];

const BATCH_ACTIONS: EntityAction[] = [
  {
    name: 'markSelectedRead',
    labelKey: 'actions.markSelectedRead',
    endpoint: MARK,
    permissions,
    params: { read: true },
    targetsParam: 'ids',
    immediate: true,
  },
  {
    name: 'deleteSelected',
    labelKey: 'actions.deleteSelected',
    endpoint: DELETE,
    permissions,
    targetsParam: 'ids',
    danger: true,
  },
];

const TOOLBAR_ACTIONS: EntityAction[] = [
  {
    name: 'markAllRead',
    labelKey: 'actions.markAllRead',
    endpoint: MARK,
    permissions,
    params: { all: true, read: true },
    withFilters: true,
    // The confirmation says how many unread alarms of which filters (the mark ignores "Show").
    confirmKey: 'actions.markAllReadConfirm',
    affects: {
      endpoint: '/deviceAlarms/findAllAlarm',
      params: { read: 'unread' },
      ignoredFilters: ['readFilter'],
    },
  },
];

export const ALARM_LIST_VIEW: ListView = {
  kind: 'list',
  endpoint: '/deviceAlarms/findAllAlarm',
  rowKey: 'id',
  // Status early: on a narrow screen the columns after it scroll, the row actions stay.
  columns: ['time', 'type', 'read', 'name', 'terminalID', 'speed', 'address', 'lat', 'lon'],
  filters: ['readFilter', 'types', 'dateRange', 'userId', 'includeSubtree', 'terminalIDs'],
  export: { endpoint: '/deviceAlarms/exportDeviceAlarms', fileName: 'alarms' },
  rowActions: ROW_ACTIONS,
  batchActions: BATCH_ACTIONS,
  toolbarActions: TOOLBAR_ACTIONS,
  emphasize: (row) => row.read === false,
};
