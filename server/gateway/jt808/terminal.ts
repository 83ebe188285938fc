/**
 * JT/T 808 terminal numbers. The header carries the terminal's phone number as BCD: 6 bytes
 * (12 digits) in 2011/2013, 10 bytes (20 digits) in 2019. Our 808 IMEIs are 11 digits: the
 * 6-byte BCD 01 35 11 22 11 22 is the IMEI "13511221122".
 */

/** The IMEI length of the import protocols "808", "808 long standby" and "BSJ 11-digit". */
export const JT808_IMEI_LENGTH = 11;

/** Luhn check digit of a digit string, as IMEIs use. */
export function luhnDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/**
 * Device id from the raw terminal bytes. BCD ids lose their leading zeros and are padded back
 * to 11 digits, so the 12-digit form and the 20-digit 2019 form of one number give one id.
 * Some trackers put the first 14 IMEI digits into the 6 bytes as a binary number instead; then
 * the id is that IMEI with its Luhn digit restored (a fact gathered from Traccar's decoder).
 */
export function jt808DeviceId(terminal: Buffer): string {
  const hex = terminal.toString('hex');
  if (/^\d+$/.test(hex)) {
    const stripped = hex.replace(/^0+/, '');
    return stripped.padStart(Math.min(JT808_IMEI_LENGTH, hex.length), '0');
  }
  if (terminal.length === 6) {
    const value = terminal.readUIntBE(0, 6).toString();
    return value + luhnDigit(value);
  }
  return hex;
}

/**
 * Terminal bytes for a device id, the inverse of `jt808DeviceId`: digits padded to 12 (or 20
 * for 2019 terminals) as BCD; a 15-digit IMEI on a 2013 terminal uses the binary form.
 */
export function encodeJt808Terminal(deviceId: string, version2019 = false): Buffer {
  if (!/^\d+$/.test(deviceId)) throw new RangeError(`808 terminal number must be digits: ${deviceId}`);
  const width = version2019 ? 20 : 12;
  if (deviceId.length <= width) return Buffer.from(deviceId.padStart(width, '0'), 'hex');
  if (!version2019 && deviceId.length === 15) {
    const out = Buffer.alloc(6);
    out.writeUIntBE(Number(deviceId.slice(0, 14)), 0, 6);
    return out;
  }
  throw new RangeError(`808 terminal number too long: ${deviceId}`);
}
