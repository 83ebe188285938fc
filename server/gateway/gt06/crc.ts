/**
 * CRC-16/X.25 (also called CRC-ITU in Concox documents): polynomial 0x1021 reflected (0x8408),
 * init 0xFFFF, final xor 0xFFFF. Check value for "123456789" is 0x906E.
 */

const TABLE = (() => {
  const table = new Uint16Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0x8408 : c >>> 1;
    table[n] = c;
  }
  return table;
})();

export function crc16x25(data: Uint8Array, start = 0, end = data.length): number {
  let crc = 0xffff;
  for (let i = start; i < end; i++) crc = (crc >>> 8) ^ TABLE[(crc ^ data[i]) & 0xff];
  return (crc ^ 0xffff) & 0xffff;
}
