/**
 * The gateway families, one entry each: adding a protocol is a codec plus a row here (and its
 * ProtocolName, device code in src/domain/codes.ts and PROTOCOL_FAMILY). The servers
 * (main.ts, cluster-worker.ts), the decode CLI and the frame log read this list.
 */
import type { ServerConfig } from '../config';
import { DEVICE_PROTOCOL } from '../../src/domain/codes';
import { PROTOCOL_LABEL } from '../../src/domain/protocol-family';
import type { ProtocolCodec, ProtocolName } from './codec';
import { gt06Codec } from './gt06';
import { jt808Codec } from './jt808';
import { teltonikaCodec } from './teltonika';
import { h02Codec } from './h02';
import { tk103Codec } from './tk103';
import { meitrackCodec } from './meitrack';
import type { GatewayListen } from './runtime/server';

/** Which gateway serves each device protocol code: defined once in src/domain. */
export { PROTOCOL_FAMILY } from '../../src/domain/protocol-family';

export interface GatewayFamily {
  codec: ProtocolCodec;
  /** Name in logs and start-up lines. */
  label: string;
  /** The device protocol code the frame log records before a device is known. */
  deviceProtocol: number;
  /** Its TCP port setting; 0 in tests: any free port. */
  port: (config: ServerConfig) => number;
  /** An optional second port (0: none), e.g. the target of an IP transfer tried on one machine. */
  port2?: (config: ServerConfig) => number;
}

export const GATEWAY_FAMILIES: readonly GatewayFamily[] = [
  {
    codec: gt06Codec,
    label: PROTOCOL_LABEL.gt06,
    deviceProtocol: DEVICE_PROTOCOL.Gt06,
    port: (c) => c.gateway.gt06Port,
    port2: (c) => c.gateway.gt06Port2,
  },
  {
    codec: jt808Codec,
    label: PROTOCOL_LABEL.jt808,
    deviceProtocol: DEVICE_PROTOCOL.eight,
    port: (c) => c.gateway.jt808Port,
    port2: (c) => c.gateway.jt808Port2,
  },
  {
    codec: teltonikaCodec,
    label: PROTOCOL_LABEL.teltonika,
    deviceProtocol: DEVICE_PROTOCOL.Teltonika,
    port: (c) => c.gateway.teltonikaPort,
  },
  {
    codec: h02Codec,
    label: PROTOCOL_LABEL.h02,
    deviceProtocol: DEVICE_PROTOCOL.H02,
    port: (c) => c.gateway.textPorts.h02,
  },
  {
    codec: tk103Codec,
    label: PROTOCOL_LABEL.tk103,
    deviceProtocol: DEVICE_PROTOCOL.Tk103,
    port: (c) => c.gateway.textPorts.tk103,
  },
  {
    codec: meitrackCodec,
    label: PROTOCOL_LABEL.meitrack,
    deviceProtocol: DEVICE_PROTOCOL.Meitrack,
    port: (c) => c.gateway.textPorts.meitrack,
  },
];

export const familyOf = (protocol: ProtocolName): GatewayFamily =>
  GATEWAY_FAMILIES.find((f) => f.codec.protocol === protocol)!;

export const CODECS = Object.fromEntries(GATEWAY_FAMILIES.map((f) => [f.codec.protocol, f.codec])) as Record<
  ProtocolName,
  ProtocolCodec
>;

/**
 * The tracker ports of a configuration. The optional second ports come first: the last listen
 * of a protocol names its port in the gateway's `ports`.
 */
export function gatewayListens(config: ServerConfig, host?: string): GatewayListen[] {
  const second = GATEWAY_FAMILIES.flatMap((f) => {
    const port = f.port2?.(config) ?? 0;
    return port ? [{ codec: f.codec, port }] : [];
  });
  const main = GATEWAY_FAMILIES.map((f) => ({
    codec: f.codec,
    port: f.port(config),
    ...(host ? { host } : {}),
  }));
  return [...second, ...main];
}

/** "GT06 on 5023, JT/T 808 on 5015, ..." for start-up lines. */
export const describePorts = (ports: Record<string, number>): string =>
  GATEWAY_FAMILIES.map((f) => `${f.label} on ${ports[f.codec.protocol]}`).join(', ');

/** "GT06 on 5023, ..." from the configured ports (gateway-main.ts, before its processes listen). */
export const describeConfiguredPorts = (config: ServerConfig): string =>
  describePorts(Object.fromEntries(GATEWAY_FAMILIES.map((f) => [f.codec.protocol, f.port(config)])));
