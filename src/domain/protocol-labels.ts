import { DEVICE_PROTOCOL, type DeviceProtocol } from './codes';

/**
 * The name people know each device protocol code by, shown wherever a protocol is named (lists,
 * filters, the log search, exports). The spec's code names are identifiers, not names: code 8
 * is `eight` in DEVICE_PROTOCOL but a JT/T 808 tracker to the reader. Product names, the same in
 * every language.
 */
export const DEVICE_PROTOCOL_LABEL: Record<DeviceProtocol, string> = {
  [DEVICE_PROTOCOL.K100]: 'K100',
  [DEVICE_PROTOCOL.K100b]: 'K100B',
  [DEVICE_PROTOCOL.R001]: 'R001',
  [DEVICE_PROTOCOL.R002]: 'R002',
  [DEVICE_PROTOCOL.Tire]: 'Tire (TPMS)',
  [DEVICE_PROTOCOL.Obd]: 'OBD',
  [DEVICE_PROTOCOL.Bsj]: 'BSJ',
  [DEVICE_PROTOCOL.Sagex]: 'Sagex',
  [DEVICE_PROTOCOL.eight]: 'JT/T 808',
  [DEVICE_PROTOCOL.Nb]: 'NB',
  [DEVICE_PROTOCOL.Nbiot]: 'NB-IoT',
  [DEVICE_PROTOCOL.K100b4g]: 'K100B 4G',
  [DEVICE_PROTOCOL.Gt06]: 'GT06',
  [DEVICE_PROTOCOL.Y808]: 'Y808',
  [DEVICE_PROTOCOL.GW005808]: 'GW005 808',
  [DEVICE_PROTOCOL.A3]: 'A3',
  [DEVICE_PROTOCOL.XiaoGuo]: 'XiaoGuo',
  [DEVICE_PROTOCOL.Hc]: 'HC',
  [DEVICE_PROTOCOL.Teltonika]: 'Teltonika',
  [DEVICE_PROTOCOL.OsmAnd]: 'OsmAnd',
  [DEVICE_PROTOCOL.H02]: 'H02',
  [DEVICE_PROTOCOL.Tk103]: 'TK103',
  [DEVICE_PROTOCOL.Meitrack]: 'Meitrack',
};

/** The name of a protocol code; an unknown code shows as itself (`#42`), nothing as ''. */
export function protocolLabel(code: number | null | undefined): string {
  if (code === null || code === undefined) return '';
  return Object.hasOwn(DEVICE_PROTOCOL_LABEL, code)
    ? DEVICE_PROTOCOL_LABEL[code as DeviceProtocol]
    : `#${code}`;
}
