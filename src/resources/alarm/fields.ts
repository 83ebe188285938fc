import { ALARM_READ_STATES } from '../../domain/alarm-list';
import { ALARM_TYPES, LEGACY_ALARM_TYPES } from '../../domain/alarm-types';
import type { EntityDescriptor, EntityField, FieldOption } from '../types';

/**
 * Fields of the alarm screens (docs/api/alarms.md): the filters of findAllAlarm and the columns
 * of its rows. Type names are the statistics' ones (count:alarmTypes), defined once.
 */
const typeOptions: FieldOption[] = ALARM_TYPES.map((value) => ({
  value,
  labelKey: `count:alarmTypes.${value}`,
}));
/** The column also names rows stored under an older name, as the name that replaced it. */
const storedTypeOptions: FieldOption[] = [
  ...typeOptions,
  ...Object.entries(LEGACY_ALARM_TYPES).map(([value, current]) => ({
    value,
    labelKey: `count:alarmTypes.${current}`,
  })),
];

const coordinate: EntityField = {
  type: 'number',
  width: 100,
  format: (v) => Number(v).toFixed(6),
};

export const ALARM_FIELDS: Record<string, EntityField> = {
  // filters
  userId: { type: 'account' },
  includeSubtree: { type: 'boolean', initialValue: true, subtree: true },
  terminalIDs: { type: 'devices', dependsOn: 'userId' },
  types: { type: 'select', multiple: true, options: typeOptions },
  dateRange: { type: 'dateRange' },
  readFilter: {
    type: 'select',
    param: 'read',
    buttons: true,
    initialValue: 'all',
    options: ALARM_READ_STATES.map((value) => ({ value, labelKey: `readStates.${value}` })),
  },
  // columns
  terminalID: { type: 'text', width: 160 },
  name: { type: 'text', width: 140 },
  type: { type: 'select', width: 150, options: storedTypeOptions },
  time: { type: 'datetime', width: 150 },
  lat: coordinate,
  lon: coordinate,
  speed: { type: 'number', width: 90 },
  address: {
    type: 'text',
    width: 260,
    addressLookup: {
      lat: 'lat',
      lon: 'lon',
      save: '/deviceAlarms/saveAlarmAddress',
      idParam: 'id',
      idFrom: 'id',
    },
  },
  read: {
    type: 'select',
    width: 90,
    options: [
      { value: false, labelKey: 'readStates.unread', color: 'red' },
      { value: true, labelKey: 'readStates.read' },
    ],
  },
};

export const ALARM_ENTITY: EntityDescriptor = { namespace: 'alarm', subject: 'alarm', fields: ALARM_FIELDS };

/** The same entity whose read filter starts at `read` (the unread screen starts at unread). */
export const alarmEntityStartingAt = (read: (typeof ALARM_READ_STATES)[number]): EntityDescriptor => ({
  ...ALARM_ENTITY,
  fields: { ...ALARM_FIELDS, readFilter: { ...ALARM_FIELDS.readFilter, initialValue: read } },
});
