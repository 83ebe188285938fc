import { DEVICE_PROTOCOL } from './codes';

/** The TCP tracker families, each a codec in server/gateway/<name> (families.ts lists them). */
export const TCP_PROTOCOLS = ['gt06', 'jt808', 'teltonika', 'h02', 'tk103', 'meitrack'] as const;
export type TcpProtocol = (typeof TCP_PROTOCOLS)[number];

/** Product names, shown as they are in every language. */
export const PROTOCOL_LABEL: Record<TcpProtocol, string> = {
  gt06: 'GT06',
  jt808: 'JT/T 808',
  teltonika: 'Teltonika',
  h02: 'H02',
  tk103: 'TK103',
  meitrack: 'Meitrack',
};

export type ProtocolFamily = TcpProtocol | 'osmand';

/** Which gateway (protocol family) serves each device protocol code. */
export const PROTOCOL_FAMILY: Partial<Record<number, ProtocolFamily>> = {
  [DEVICE_PROTOCOL.Gt06]: 'gt06',
  [DEVICE_PROTOCOL.eight]: 'jt808',
  [DEVICE_PROTOCOL.Y808]: 'jt808',
  [DEVICE_PROTOCOL.GW005808]: 'jt808',
  [DEVICE_PROTOCOL.Bsj]: 'jt808',
  [DEVICE_PROTOCOL.Teltonika]: 'teltonika',
  [DEVICE_PROTOCOL.H02]: 'h02',
  [DEVICE_PROTOCOL.Tk103]: 'tk103',
  [DEVICE_PROTOCOL.Meitrack]: 'meitrack',
  // Not a TCP family: the HTTP listener of server/gateway/osmand.
  [DEVICE_PROTOCOL.OsmAnd]: 'osmand',
};
