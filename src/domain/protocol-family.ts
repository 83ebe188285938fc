import { DEVICE_PROTOCOL } from './codes';

export type ProtocolFamily = 'gt06' | 'jt808' | 'teltonika' | 'osmand';

/** Which gateway (protocol family) serves each device protocol code. */
export const PROTOCOL_FAMILY: Partial<Record<number, ProtocolFamily>> = {
  [DEVICE_PROTOCOL.Gt06]: 'gt06',
  [DEVICE_PROTOCOL.eight]: 'jt808',
  [DEVICE_PROTOCOL.Y808]: 'jt808',
  [DEVICE_PROTOCOL.GW005808]: 'jt808',
  [DEVICE_PROTOCOL.Bsj]: 'jt808',
  [DEVICE_PROTOCOL.Teltonika]: 'teltonika',
  // Not a TCP family: the HTTP listener of server/gateway/osmand.
  [DEVICE_PROTOCOL.OsmAnd]: 'osmand',
};
