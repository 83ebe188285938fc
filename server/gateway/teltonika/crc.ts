/** CRC-16/IBM (ARC): reflected polynomial 0xA001, initial value 0, as Teltonika packets carry it. */
export function crc16Ibm(buf: Buffer, start = 0, end = buf.length): number {
  let crc = 0;
  for (let i = start; i < end; i++) {
    crc ^= buf[i];
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1;
  }
  return crc;
}
