import { DEVICE_PROTOCOL } from './codes';
import { DEVICE_PROTOCOL_LABEL } from './protocol-labels';

/** The TCP tracker families, each a codec in server/gateway/<name> (families.ts lists them). */
export const TCP_PROTOCOLS = ['gt06', 'jt808', 'teltonika', 'h02', 'tk103', 'meitrack'] as const;
export type TcpProtocol = (typeof TCP_PROTOCOLS)[number];

/** Product names, shown as they are in every language: those of the family's main code. */
export const PROTOCOL_LABEL: Record<TcpProtocol, string> = {
  gt06: DEVICE_PROTOCOL_LABEL[DEVICE_PROTOCOL.Gt06],
  jt808: DEVICE_PROTOCOL_LABEL[DEVICE_PROTOCOL.eight],
  teltonika: DEVICE_PROTOCOL_LABEL[DEVICE_PROTOCOL.Teltonika],
  h02: DEVICE_PROTOCOL_LABEL[DEVICE_PROTOCOL.H02],
  tk103: DEVICE_PROTOCOL_LABEL[DEVICE_PROTOCOL.Tk103],
  meitrack: DEVICE_PROTOCOL_LABEL[DEVICE_PROTOCOL.Meitrack],
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

/**
 * Whether a gateway family may serve a device: a device is bound to the family of its protocol
 * code, or, for codes of no family (models the spec names without saying how they talk), to the
 * family it first connected with (`bound`, null until then). Another family claiming the device
 * is refused, so a GT06 IMEI cannot report through the Teltonika or OsmAnd port.
 */
export function familyMayServe(
  family: ProtocolFamily,
  protocol: number,
  bound: ProtocolFamily | null = null,
): boolean {
  const own = Object.hasOwn(PROTOCOL_FAMILY, protocol) ? PROTOCOL_FAMILY[protocol] : undefined;
  if (own) return own === family;
  return bound == null || bound === family;
}
