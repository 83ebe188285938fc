/** Small readers the extra-item modules share. */
import type { ItemState } from './items';

/** Printable ASCII of an item, control bytes and padding dropped; whether an item is all printable. */
export const ascii = (v: Buffer) =>
  v
    .toString('latin1')
    .replace(/[^\x20-\x7e]/g, '')
    .trim();
export const isPrintable = (v: Buffer) => v.length > 0 && v.every((b) => b >= 0x20 && b < 0x7f);

/** A battery percentage; above 100 is not one and is dropped. */
export function battery(s: ItemState, n: number) {
  if (n <= 100) s.p.battery = n;
}
