/** Codes and enums of the spec (sections 3, 4, 8 and 9). Written once; imported everywhere. */

/** `meta.code` values of POST /login (spec section 8). */
export const LOGIN_CODE = {
  success: 200,
  usernameError: 201,
  wrongPassword: 202,
  userExpired: 208,
  wrongCredentials: 209,
  undefined407: 407,
} as const;

/** `meta.message` values the client reacts to (spec section 8). */
export const API_MESSAGE = {
  sessionExpired: '9902',
  forbidden: '9906',
} as const;

export const ORDER_STATUS = { toBePaid: 1, completed: 2, refunded: 3 } as const;
export const PAYMENT_TYPE = { paypal: 1, weixinMiniprogram: 2 } as const;

export const IMPORT_PROTOCOL = {
  other: 0,
  jt808: 1,
  gt06: 2,
  jt808LongStandby: 3,
  bsj11: 4,
  // From 100 on: ours, not the spec's (issue 19 families).
  teltonika: 100,
  // Phones running the Traccar Client or OsmAnd, over HTTP (server/gateway/osmand).
  osmand: 101,
  h02: 102,
  tk103: 103,
  meitrack: 104,
} as const;
export type ImportProtocol = (typeof IMPORT_PROTOCOL)[keyof typeof IMPORT_PROTOCOL];
/** Import protocols whose IMEI is an 11-digit terminal number. */
export const IMPORT_PROTOCOLS_808: readonly number[] = [
  IMPORT_PROTOCOL.jt808,
  IMPORT_PROTOCOL.jt808LongStandby,
  IMPORT_PROTOCOL.bsj11,
];

export const CARD_TYPE = {
  halfYear: 1,
  oneYear: 2,
  twoYears: 3,
  lifetime: 4,
  oneMonth: 5,
  threeYears: 6,
} as const;
export const CARD_OPERATION = { systemSetting: 1, transfer: 2, deviceImport: 3, renewal: 4 } as const;

export const DEVICE_PROTOCOL = {
  K100: 0,
  K100b: 1,
  R001: 2,
  R002: 3,
  Tire: 4,
  Obd: 5,
  Bsj: 6,
  Sagex: 7,
  eight: 8,
  Nb: 9,
  Nbiot: 11,
  K100b4g: 12,
  Gt06: 13,
  Y808: 14,
  GW005808: 15,
  A3: 16,
  XiaoGuo: 88,
  Hc: 89,
  // From 100 on: codes of ours, not the spec's, for the families added in issue 19.
  Teltonika: 100,
  // Phones running the Traccar Client or OsmAnd, over HTTP (server/gateway/osmand).
  OsmAnd: 101,
  H02: 102,
  Tk103: 103,
  Meitrack: 104,
} as const;
export type DeviceProtocol = (typeof DEVICE_PROTOCOL)[keyof typeof DEVICE_PROTOCOL];
export const OFFLINE_COMMAND_PROTOCOLS: readonly number[] = [
  DEVICE_PROTOCOL.R001,
  DEVICE_PROTOCOL.R002,
  DEVICE_PROTOCOL.Bsj,
  DEVICE_PROTOCOL.Sagex,
  DEVICE_PROTOCOL.Nb,
  DEVICE_PROTOCOL.Nbiot,
];

export const DEVICE_STATE = { unknown: 0, online: 1, offline: 2, unactivated: 3, expired: 4 } as const;
export type DeviceState = (typeof DEVICE_STATE)[keyof typeof DEVICE_STATE];

/** `deviceMenuType` of the device list: 1 online, 2 offline, 3 inactive, otherwise all. */
export const DEVICE_MENU_TYPE = { all: 0, online: 1, offline: 2, inactive: 3 } as const;

export const PROMPT = { support: 1, inactive: 2, pastDue: 3, selectDevice: 4 } as const;
export const POSITION_TYPES = ['bds', 'gps', 'lbs', 'wifi'] as const;
export type PositionType = (typeof POSITION_TYPES)[number];

export const RUN_STATE = {
  unknown: 0,
  moving: 1,
  fast: 2,
  overspeed: 3,
  stop: 4,
  offline: 5,
  expired: 6,
} as const;
export const TRACK_STATE = { normal: 1, fast: 2, overspeed: 3, stop: 4, abnormal: 5 } as const;
export const COMMAND_RESULT = { success: 1, timeout: 2, error: 3 } as const;

export const EXPIRY_FILTER = { within7Days: 7, within60Days: 60, expired: -1 } as const;

/** Car icon state (spec section 4), in the order the derivation checks them. */
export const CAR_ICON_STATES = ['expired', 'offline', 'unknown', 'stop', 'moving', 'fast', 'overspeed'] as const;
export type CarIconState = (typeof CAR_ICON_STATES)[number];

/** Values the map-type setting accepts (spec section 1); Baidu normal is the default. */
export const MAP_TYPES = ['Baidu', 'Google', 'GaoDe', 'Yandex'] as const;
export type MapType = (typeof MAP_TYPES)[number];
export const DEFAULT_MAP_TYPE: MapType = 'Baidu';
/**
 * Basemaps drawn without a key (issue 32): OpenStreetMap tiles through our server, and the
 * offline map (the PMTILES_FILE streets when the server has them, else the bundled outlines).
 */
export const KEYLESS_MAP_TYPES = ['OSM', 'Offline'] as const;
export type KeylessMapType = (typeof KEYLESS_MAP_TYPES)[number];
/** What a user or the administrator's default may choose: a keyed provider or a keyless basemap. */
export const MAP_CHOICES = [...MAP_TYPES, ...KEYLESS_MAP_TYPES] as const;
export type MapChoice = (typeof MAP_CHOICES)[number];
