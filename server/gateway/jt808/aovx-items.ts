/**
 * AOVX AL300/GL100 firmware (it names itself in item 0xF2, "AOVX_AL300-…"): its alarm word means
 * only bit 16, moved while parked, and its items 0xF6 (sensors) and 0xF8 (mode, IMEI, ICCID)
 * have their own layouts. Other firmware reuses 0xF6/0xF8 otherwise, so they are read here, after
 * the items, only when the firmware is known. Layouts are the facts of Traccar's Jt808 decoder.
 */
import type { AlarmType } from '../codec';
import type { Jt808Position } from './items';

const AOVX_FIRMWARE = /AOVX_(AL300|GL100)\b/;

export function isAovx(p: Jt808Position): boolean {
  const firmware = p.attributes?.firmware;
  return typeof firmware === 'string' && AOVX_FIRMWARE.test(firmware);
}

/** The frame's alarms with the alarm word read the AOVX way; alarms from items stay. */
export function aovxAlarms(alarmWord: number, alarms: AlarmType[], fromWord: number): AlarmType[] {
  return [...(alarmWord & 0x10000 ? (['movement'] as const) : []), ...alarms.slice(fromWord)];
}

/** 0xF6: event (2 = moving), field mask, then light, temperature, humidity, g-sensor, … */
function sensors(p: Jt808Position, attrs: Record<string, unknown>, v: Buffer): boolean {
  if (v.length < 2) return false;
  const mask = v[1];
  const widths = [2, 2, 2, 6, 10, 2];
  const need = 2 + widths.reduce((sum, w, bit) => sum + (mask & (1 << bit) ? w : 0), 0);
  if (v.length < need) return false;
  attrs.event = v[0];
  if (v[0] === 2) attrs.motion = true;
  let at = 2;
  if (mask & 0x01) {
    attrs.lightSensor = v.readUInt16BE(at);
    at += 2;
  }
  if (mask & 0x02) {
    p.temperature = v.readInt16BE(at) / 10;
    attrs.temp1 = p.temperature;
    at += 2;
  }
  if (mask & 0x04) {
    attrs.humidity = v.readInt16BE(at) / 10;
    at += 2;
  }
  if (mask & 0x08) {
    attrs.gSensor = [v.readInt16BE(at), v.readInt16BE(at + 2), v.readInt16BE(at + 4)];
    at += 6;
  }
  if (mask & 0x10) at += 10; // threshold configuration
  if (mask & 0x20) attrs.airPressure = v.readUInt16BE(at);
  return true;
}

/** Reads the AOVX items kept raw by the generic item pass, and drops them from `raw`. */
export function applyAovxItems(p: Jt808Position): void {
  const attrs = (p.attributes ??= {});
  const raw = attrs.raw as Record<string, string> | undefined;
  if (!raw) return;
  if (raw.f6 !== undefined && sensors(p, attrs, Buffer.from(raw.f6, 'hex'))) delete raw.f6;
  const f8 = raw.f8 !== undefined ? Buffer.from(raw.f8, 'hex') : null;
  if (f8 && f8.length >= 19) {
    attrs.workingMode = f8[0];
    p.iccid = f8.subarray(9, 19).toString('hex');
    delete raw.f8;
  }
  if (Object.keys(raw).length === 0) delete attrs.raw;
}
