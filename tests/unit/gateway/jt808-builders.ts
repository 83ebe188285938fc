/**
 * Builders of JT/T 808 test frames from the standard's field tables (our own frames, not other
 * projects' captures): a 0x0200 body from named fields and extra items, and whole frames.
 */
import { buildJt808Frame, encodeJt808Terminal, type Jt808Target } from '../../../server/gateway/jt808';

export const hex = (s: string): Buffer => Buffer.from(s.replace(/\s+/g, ''), 'hex');
export const TERMINAL: Jt808Target = { terminal: encodeJt808Terminal('13912345678') };

export interface LocationFields {
  alarm?: number;
  /** Default: ACC on, located (bits 0 and 1). */
  status?: number;
  lat?: number;
  lon?: number;
  altitude?: number;
  /** km/h */
  speed?: number;
  course?: number;
  /** BCD YYMMDDhhmmss, device local time (GMT+8). Default 2025-11-26 17:30:00 = 09:30:00Z. */
  time?: string;
  items?: ReadonlyArray<readonly [number, Buffer | string]>;
}

export function item(id: number, value: Buffer | string): Buffer {
  const v = typeof value === 'string' ? hex(value) : value;
  return Buffer.concat([Buffer.of(id, v.length), v]);
}

export function locationBody(f: LocationFields = {}): Buffer {
  const head = Buffer.alloc(22);
  head.writeUInt32BE((f.alarm ?? 0) >>> 0, 0);
  head.writeUInt32BE((f.status ?? 0x3) >>> 0, 4);
  head.writeUInt32BE(Math.round(Math.abs(f.lat ?? 22.543096) * 1e6), 8);
  head.writeUInt32BE(Math.round(Math.abs(f.lon ?? 114.057865) * 1e6), 12);
  head.writeInt16BE(f.altitude ?? 40, 16);
  head.writeUInt16BE(Math.round((f.speed ?? 36) * 10), 18);
  head.writeUInt16BE(f.course ?? 90, 20);
  const items = (f.items ?? []).map(([id, v]) => item(id, v));
  return Buffer.concat([head, hex(f.time ?? '251126173000'), ...items]);
}

export const frame = (id: number, body: Buffer, serial = 1, target: Jt808Target = TERMINAL) =>
  buildJt808Frame(id, body, target, serial);

/** The fix time of the default `time`. */
export const DEFAULT_FIX = new Date('2025-11-26T09:30:00Z');
