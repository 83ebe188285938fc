import { parseGt06ServerCommand } from '../../src/domain/ip-transfer';
import { readJt808ServerParams } from '../gateway/jt808/params';

/**
 * How a simulated tracker takes a new server address (the IP transfer): a GT06 reads the
 * `SERVER,...#` text command, a JT/T 808 terminal the 0x8103 parameters 0x0013 and 0x0018.
 * It answers the command first, then drops its connection and reconnects to the new address.
 */
export interface ServerAddress {
  host: string;
  port: number;
}

/** The address a GT06 text command sets, or null when it is another command. */
export const gt06ServerAddress = (text: string): ServerAddress | null => parseGt06ServerCommand(text);

/** The address a 0x8103 body sets; a missing half keeps the current one. Null when it sets neither. */
export function jt808ServerAddress(body: Buffer, current: ServerAddress): ServerAddress | null {
  const set = readJt808ServerParams(body);
  if (!set) return null;
  return { host: set.host || current.host, port: set.port || current.port };
}

/** A tracker reconnects a moment after taking a new address (real ones reboot their modem). */
export const MOVE_DELAY_MS = 300;
