/** OBD items some 808 OBD boxes append to 0x0200 (0x80 marks them, 0x81-0x8E, 0x94, 0xA0). */
import type { ItemState } from './items';
import { ascii, isPrintable } from './item-helpers';

/**
 * OBD items of 808 OBD boxes (after an item 0x80, content byte): id → [attribute, length,
 * scale, offset]. 0x82 (voltage), 0x8B (VIN) and 0x8E (fuel %) are read apart.
 */
const OBD: Readonly<Record<number, readonly [string, number, number, number]>> = {
  0x81: ['rpm', 2, 1, 0],
  0x83: ['engineLoad', 1, 1, 0],
  0x84: ['coolantTemp', 1, 1, -40],
  0x85: ['fuelConsumption', 2, 1, 0],
  0x86: ['intakeTemp', 1, 1, -40],
  0x87: ['intakeFlow', 2, 1, 0],
  0x88: ['intakePressure', 1, 1, 0],
  0x89: ['throttle', 1, 1, 0],
  0x8c: ['obdOdometer', 4, 0.1, 0], // km
  0x8d: ['tripOdometer', 2, 1, 0], // km
};

export function obdItem(s: ItemState, id: number, v: Buffer): boolean {
  if (id === 0x80) {
    // Marks the OBD items that follow; its content byte tells the vehicle type.
    if (v.length !== 1) return false;
    s.attrs.obd = v[0];
    return true;
  }
  if (id === 0x8b || id === 0x94) {
    if (!isPrintable(v)) return false;
    s.attrs.vin = ascii(v);
    return true;
  }
  if (id === 0x8e) {
    if (v.length !== 1) return false;
    s.attrs.fuelPercent = v[0];
    return true;
  }
  if (id === 0xa0) {
    if (!isPrintable(v)) return false;
    s.attrs.dtcs = ascii(v).replace(/,/g, ' ');
    return true;
  }
  const spec = OBD[id];
  if (!spec || v.length !== spec[1]) return false;
  const [name, size, scale, offset] = spec;
  s.attrs[name] = Math.round((v.readUIntBE(0, size) * scale + offset) * 10) / 10;
  return true;
}
