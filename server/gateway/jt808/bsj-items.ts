/**
 * BSJ (and clone) vendor item 0xEB of 0x0200: sub-items, or a cell list. Layouts from BSJ's
 * protocol sheets as gathered by Traccar's decoder (facts, not code); each sub-item is read only
 * when its length fits.
 */
import { addAlarms } from './alarms';
import type { ItemState } from './items';
import { battery } from './item-helpers';

/**
 * BSJ-style 0xEB: sub-items of (length u16, id u16, data), read only when they tile the item;
 * or a cell list (MCC u16 above 200, MNC u8, then LAC u16, cell u16, signal u8 per cell).
 */
export function itemEB(s: ItemState, v: Buffer): boolean {
  if (v.length >= 8 && v.readUInt16BE(0) > 200 && (v.length - 3) % 5 === 0) {
    const mcc = v.readUInt16BE(0);
    const mnc = v[2];
    for (let at = 3; at < v.length; at += 5)
      s.cells.push({ mcc, mnc, lac: v.readUInt16BE(at), cid: v.readUInt16BE(at + 2), rssi: v[at + 4] });
    return true;
  }
  const subs: Array<[number, Buffer]> = [];
  let at = 0;
  while (at + 4 <= v.length) {
    const len = v.readUInt16BE(at);
    if (len < 2 || at + 2 + len > v.length) return false;
    subs.push([v.readUInt16BE(at + 2), v.subarray(at + 4, at + 2 + len)]);
    at += 2 + len;
  }
  if (at !== v.length || subs.length === 0) return false;
  for (const [id, d] of subs) ebSub(s, id, d);
  return true;
}

function ebSub(s: ItemState, id: number, d: Buffer) {
  const { p, attrs, alarms } = s;
  switch (id) {
    case 0x002d: // voltage: 4 bytes external (mV), 2 bytes battery (mV)
      if (d.length === 4) p.externalVoltage = d.readUInt32BE(0) / 1000;
      else if (d.length === 2) attrs.batteryVoltage = d.readUInt16BE(0) / 1000;
      break;
    case 0x0089: // status word, active low: bit 0 external power, bit 12 fitted (not removed)
      if (d.length === 4) {
        const w = d.readUInt32BE(0);
        if (!(w & 0x1)) addAlarms(alarms, ['powerOff']);
        if (!(w & 0x1000)) addAlarms(alarms, ['removing']);
      }
      break;
    case 0x00c5: // status word, active low: bit 6 vibration; bits 23-24 motion (0 moving, 1 still)
      if (d.length === 4) {
        const w = d.readUInt32BE(0);
        if (!(w & 0x40)) addAlarms(alarms, ['vibration']);
        const motion = (w >>> 23) & 0x3;
        if (motion <= 1) attrs.motion = motion === 0;
      }
      break;
    case 0x0001: // fuel sensor 1: u16 in 1/10, then an unused byte
      if (d.length === 3) attrs.fuel1 = d.readUInt16BE(0) / 10;
      break;
    case 0x0023: // fuel sensor 2: six ASCII characters, e.g. "001.47"
      if (d.length === 6 && /^\d+(\.\d+)?$/.test(d.toString('latin1').trim()))
        attrs.fuel2 = Number(d.toString('latin1').trim());
      break;
    case 0x00c6: // battery alarm state: 3 and 4 are low
      if (d.length === 1 && (d[0] === 3 || d[0] === 4)) addAlarms(alarms, ['lowBattery']);
      break;
    case 0x00b2: // ICCID as BCD, F-padded
      if (d.length === 10) p.iccid = d.toString('hex').replace(/f+$/i, '');
      break;
    case 0x00ce:
      if (d.length === 2) p.externalVoltage = d.readUInt16BE(0) / 100;
      break;
    case 0x00d8: // one cell: MCC u16, MNC u8, LAC u16, cell u32
      if (d.length === 9)
        s.cells.push({ mcc: d.readUInt16BE(0), mnc: d[2], lac: d.readUInt16BE(3), cid: d.readUInt32BE(5) });
      break;
    case 0x00a8:
    case 0x00e1:
      if (d.length >= 1) battery(s, d[0]);
      break;
  }
}
