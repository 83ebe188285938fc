/** What every GT06 body decoder gets, and the one way they turn their fields into a message. */
import type {
  CellTower,
  DeviceStatus,
  HeartbeatMessage,
  LocationMessage,
  PositionFix,
  WifiAccessPoint,
} from '../codec';
import type { Gt06Frame } from './framing';
import type { Gt06Variant } from './variant';

export type Base = {
  protocol: 'gt06';
  messageId: number;
  serial: number;
  checksumOk: boolean;
  deviceId?: string;
};

export interface Gt06Context {
  /** The whole frame, start mark to 0D 0A. */
  frame: Buffer;
  f: Gt06Frame;
  variant: Gt06Variant;
  /** The frame's declared length (protocol number through CRC). */
  length: number;
  base: Base;
  /** Minutes east of UTC of the device clock. */
  tz: number;
  now: Date;
}

/** Values a body decoder found besides the fix and the status bytes. */
export interface Gt06Extras {
  cells?: CellTower[];
  wifi?: WifiAccessPoint[];
  attributes?: Record<string, unknown>;
}

/**
 * A location message. A frame without a usable GPS fix still becomes one, flagged invalid
 * (it never moves the vehicle, src/domain/fix-validity.ts), with positionType 'lbs' or 'wifi'
 * and the cells and access points kept for a later geolocation service. Cells of a valid GPS
 * fix are dropped: nothing needs them and every position row would grow.
 */
export function toLocation(
  ctx: Gt06Context,
  fix: PositionFix | null,
  status: DeviceStatus,
  extras: Gt06Extras = {},
  time: Date | null = null,
): LocationMessage {
  const position: PositionFix = fix ?? {
    time: time ?? ctx.now,
    valid: false,
    latitude: 0,
    longitude: 0,
    speed: 0,
    course: 0,
  };
  const msg = Object.assign(ctx.base, position, status) as LocationMessage;
  if (!position.valid) {
    const cells = extras.cells?.filter((c) => c.lac > 0 || c.cid > 0) ?? [];
    if (cells.length) msg.cells = cells;
    if (extras.wifi?.length) msg.wifi = extras.wifi;
    if (msg.wifi) msg.positionType = 'wifi';
    else if (msg.cells) msg.positionType = 'lbs';
  }
  if (extras.attributes && Object.keys(extras.attributes).length)
    msg.attributes = { ...msg.attributes, ...extras.attributes };
  msg.type = status.alarm ? 'alarm' : 'location';
  return msg;
}

/** A status-only message (0x13 and its relatives): no position. */
export function toHeartbeat(
  ctx: Gt06Context,
  status: DeviceStatus,
  attributes?: Record<string, unknown>,
): HeartbeatMessage {
  const msg: HeartbeatMessage = { ...ctx.base, ...status, type: 'heartbeat' };
  if (attributes && Object.keys(attributes).length) msg.attributes = attributes;
  return msg;
}
