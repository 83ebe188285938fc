import { TIME_ZONE_MAX, TIME_ZONE_MIN } from '../../domain/constants';
import { DEVICE_MENU_TYPE, DEVICE_STATE, EXPIRY_FILTER, IMPORT_PROTOCOL } from '../../domain/codes';
import {
  EXPIRE_TYPE,
  ICCID_IMPORT_LENGTH_MAX,
  ICCID_IMPORT_LENGTH_MIN,
  ICON_TYPE_MAX,
  ICON_TYPE_MIN,
} from '../../domain/device-rules';
import {
  validateHost,
  validateIccid,
  validatePlate,
  validateSim,
  validateTelephone,
} from '../../domain/validators';
import { SPEED_LIMIT_MAX_KMH, TERMINAL_ID_MAX } from '../../domain/limits';
import { MAX_SPEED_SETTING_KMH } from '../../domain/fix-jump';
import { OSMAND_KEY_MAX, validateOsmAndKey } from '../../domain/osmand-key';
import type { EntityDescriptor, EntityField, FieldOption } from '../types';
import { keyedOptions, PROTOCOL_OPTIONS } from '../options';

const zoneOptions: FieldOption[] = Array.from({ length: TIME_ZONE_MAX - TIME_ZONE_MIN + 1 }, (_, i) => {
  const z = TIME_ZONE_MIN + i;
  return { value: z, label: `UTC${z >= 0 ? '+' : '−'}${Math.abs(z)}` };
});

const iconOptions: FieldOption[] = Array.from({ length: ICON_TYPE_MAX - ICON_TYPE_MIN + 1 }, (_, i) => ({
  value: ICON_TYPE_MIN + i,
  label: String(ICON_TYPE_MIN + i),
}));

const text = (extra: Partial<EntityField> = {}): EntityField => ({ type: 'text', maxLength: 64, ...extra });
const dateTime = (extra: Partial<EntityField> = {}): EntityField => ({
  type: 'datetime',
  width: 170,
  ...extra,
});

/** Every device field the device screens list, filter or edit (spec section 3 "Device"). */
export const DEVICE_FIELDS: Record<string, EntityField> = {
  terminalID: text({ required: true, width: 160 }),
  nickname: text(),
  carNumber: text({ validate: validatePlate, maxLength: 16 }),
  sim: text({ validate: validateSim, maxLength: 13 }),
  iccid: text({ maxLength: 32, validate: (v) => validateIccid(v) }),
  cardIccid: text({ maxLength: 32, validate: (v) => validateIccid(v) }),
  deviceType: text({ maxLength: 32 }),
  protocol: { type: 'select', options: PROTOCOL_OPTIONS },
  importProtocol: { type: 'select', options: keyedOptions('importProtocols', IMPORT_PROTOCOL) },
  // The import form's protocol: required, GT06 by default (a filter must not default to it).
  importAs: {
    type: 'select',
    labelKey: 'fields.importProtocol',
    param: 'importProtocol',
    required: true,
    options: keyedOptions('importProtocols', IMPORT_PROTOCOL),
    initialValue: IMPORT_PROTOCOL.gt06,
  },
  iconType: { type: 'select', options: iconOptions, required: true },
  timezone: { type: 'select', options: zoneOptions, required: true, initialValue: 8 },
  expireType: {
    type: 'select',
    required: true,
    options: keyedOptions('expireTypes', EXPIRE_TYPE),
  },
  host: text({ maxLength: 128, required: true, validate: validateHost }),
  state: {
    type: 'select',
    options: keyedOptions('states', DEVICE_STATE, {
      online: 'green',
      offline: 'default',
      unactivated: 'orange',
      expired: 'red',
    }),
  },
  username: text(),
  ownerPath: text(),
  activatedAt: dateTime(),
  platformExpireAt: dateTime(),
  userExpireAt: dateTime(),
  createdAt: dateTime(),
  lastOnlineAt: dateTime(),
  remark: { type: 'textarea', maxLength: 255 },
  driverName: text(),
  driverPhone: text({ validate: validateTelephone, maxLength: 20 }),
  vehicleModel: text(),
  owner: text(),
  telephone: text(),
  // filters
  menuType: { type: 'select', options: keyedOptions('menuTypes', DEVICE_MENU_TYPE) },
  expiry: { type: 'select', options: keyedOptions('expiryFilters', EXPIRY_FILTER) },
  userId: { type: 'account' },
  includeSubtree: { type: 'boolean', initialValue: true, subtree: true },
  imeis: { type: 'lines', helpKey: 'help.imeis', maxLength: 200_000 },
  keyword: text(),
  // action forms
  targetUser: { type: 'account', required: true, param: 'userId' },
  targetCustomer: { type: 'account', required: true, param: 'userId', helpKey: 'help.targetCustomer' },
  speedLimit: { type: 'number', min: 0, max: SPEED_LIMIT_MAX_KMH, helpKey: 'help.speedLimit' },
  maxSpeed: { type: 'number', min: 0, max: MAX_SPEED_SETTING_KMH, helpKey: 'help.maxSpeed' },
  // Write-only: left empty the device keeps its key (editOsmAndKey below).
  osmandKey: {
    type: 'password',
    maxLength: OSMAND_KEY_MAX,
    validate: validateOsmAndKey,
    helpKey: 'help.osmandKey',
  },
  osmandKeyClear: { type: 'boolean', initialValue: false },
  newTerminalID: { type: 'text', required: true, maxLength: TERMINAL_ID_MAX },
  newPlatformExpireAt: { type: 'date', labelKey: 'fields.platformExpireAt', param: 'platformExpireAt' },
  newUserExpireAt: { type: 'date', labelKey: 'fields.userExpireAt', param: 'userExpireAt' },
  password: { type: 'password', required: true, min: 6, maxLength: 32 },
  iccidLength: {
    type: 'number',
    required: true,
    min: ICCID_IMPORT_LENGTH_MIN,
    max: ICCID_IMPORT_LENGTH_MAX,
    initialValue: 20,
    param: 'length',
  },
  lines: { type: 'lines', required: true, helpKey: 'help.lines', maxLength: 500_000 },
  requiredImeis: {
    type: 'lines',
    required: true,
    labelKey: 'fields.imeis',
    helpKey: 'help.imeis',
    param: 'imeis',
    maxLength: 200_000,
  },
  requiredTerminal: { type: 'text', required: true, labelKey: 'fields.terminalID', param: 'terminalID' },
};

export const DEVICE_ENTITY: EntityDescriptor = {
  namespace: 'device',
  subject: 'device',
  fields: DEVICE_FIELDS,
};

/**
 * The edit dialog's OsmAnd key as updateDevice takes it: a typed key replaces the device's,
 * the switch removes it ('' to the server), an empty box keeps it (nothing sent).
 */
export function editOsmAndKey(body: Record<string, unknown>): Record<string, unknown> {
  const { osmandKey, osmandKeyClear, ...rest } = body;
  if (osmandKeyClear) return { ...rest, osmandKey: '' };
  return typeof osmandKey === 'string' && osmandKey !== '' ? { ...rest, osmandKey } : rest;
}
