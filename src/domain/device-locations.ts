/**
 * The wire format of POST /device/findDeviceLocationAllV2, shared by the server that builds it
 * and the monitor page that decodes it: the caller's devices as one array per field (no
 * repeated keys, about a third of V1's bytes), times in epoch milliseconds, position columns
 * null where V1's `location` is null, and the counts per list tab (deviceMenuType) over all
 * devices; `deviceMenuType` 1/2/3 narrows the rows, not the counts. Index i of every column is
 * the same device, in id order.
 */
export interface LocationColumns {
  id: number[];
  terminalID: string[];
  nickname: (string | null)[];
  carNumber: (string | null)[];
  userId: (number | null)[];
  state: number[];
  deviceProtocol: number[];
  deviceType: string[];
  iconType: number[];
  /** EXPIRE_TYPE: which expiry decides (src/domain/expiry.ts). */
  expireType: number[];
  platformExpireAt: (number | null)[];
  userExpireAt: (number | null)[];
  stateTime: (number | null)[];
  lat: (number | null)[];
  lon: (number | null)[];
  speed: (number | null)[];
  course: (number | null)[];
  fixTime: (number | null)[];
  positionType: (string | null)[];
  battery: (number | null)[];
  acc: (boolean | null)[];
}

export interface LocationsV2 {
  total: number;
  counts: Record<0 | 1 | 2 | 3, number>;
  columns: LocationColumns;
}
