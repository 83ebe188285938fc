/**
 * Battery management (BMS) reports of TK103 firmware for electric vehicles, as attributes:
 * BS50 is one hex block (little-endian), BS51 `key:hex` pairs (0x90 pack, 0x91 cell voltages,
 * 0x92 temperatures, 0x96 cell temperatures). Field order as Traccar's decoder reads them; its
 * test frames are ours. BS51 values are big-endian: read so, the test frame gives 53.3 V, 0.0 A,
 * SOC 47.6 % and cells of 3.816 / 3.804 V (little-endian would give 537.8 V and -1759.5 A).
 * A block shorter than its layout keeps what was read.
 */

const HEX = /^(?:[0-9A-Fa-f]{2})+$/;
/** Temperatures are sent as °C + 40. */
const TEMP_OFFSET = 40;
const BS50_CELLS = 24;
const BS50_TEMPS = 7;

/** Reads that stop the block (RangeError) when it runs out. */
class BlockReader {
  at = 0;
  constructor(
    readonly buf: Buffer,
    readonly littleEndian: boolean,
  ) {}
  u8() {
    return this.buf.readUInt8(this.advance(1));
  }
  u16() {
    const at = this.advance(2);
    return this.littleEndian ? this.buf.readUInt16LE(at) : this.buf.readUInt16BE(at);
  }
  u32() {
    const at = this.advance(4);
    return this.littleEndian ? this.buf.readUInt32LE(at) : this.buf.readUInt32BE(at);
  }
  skip(n: number) {
    this.advance(n);
  }
  get left() {
    return this.buf.length - this.at;
  }
  private advance(n: number) {
    if (this.at + n > this.buf.length) throw new RangeError('BMS block too short');
    const at = this.at;
    this.at += n;
    return at;
  }
}

/** Runs `read`; a block that ends early keeps the values read before. */
function partial(read: () => void): void {
  try {
    read();
  } catch (err) {
    if (!(err instanceof RangeError)) throw err;
  }
}

export function readBms(code: string, body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (code === 'BS50') {
    if (HEX.test(body)) partial(() => readBs50(new BlockReader(Buffer.from(body, 'hex'), true), out));
    else out.bms = body;
    return out;
  }
  for (const pair of body.split(',')) {
    const [key, value] = pair.split(':');
    if (!/^[0-9A-Fa-f]{2}$/.test(key ?? '') || !HEX.test(value ?? '')) continue;
    partial(() => readBs51Item(parseInt(key, 16), new BlockReader(Buffer.from(value, 'hex'), false), out));
  }
  return out;
}

function readBs50(r: BlockReader, out: Record<string, unknown>): void {
  r.skip(3); // header
  const cells = r.u8();
  for (let i = 1; i <= BS50_CELLS; i++) {
    const mv = r.u16();
    if (i <= cells) out[`battery${i}`] = mv / 1000;
  }
  out.charge = r.u8() === 0;
  out.current = r.u16() / 10;
  out.batteryVoltage = r.u16() / 100;
  out.batteryLevel = r.u8();
  out.batteryOverheat = r.u8() > 0;
  out.chargeProtection = r.u8() > 0;
  out.dischargeProtection = r.u8() > 0;
  r.skip(2); // drop line, balanced
  out.cycles = r.u16();
  out.faultAlarm = r.u8();
  r.skip(6);
  const temps = r.u8();
  out.powerTemp = r.u8() - TEMP_OFFSET;
  out.equilibriumTemp = r.u8() - TEMP_OFFSET;
  for (let i = 1; i <= BS50_TEMPS; i++) {
    const t = r.u8() - TEMP_OFFSET;
    if (i <= temps) out[`batteryTemp${i}`] = t;
  }
  out.calibrationCapacity = r.u16() / 100;
  out.dischargeCapacity = r.u32();
}

function readBs51Item(key: number, r: BlockReader, out: Record<string, unknown>): void {
  switch (key) {
    case 0x90:
      out.cumulativeVoltage = r.u16() / 10;
      out.gatherVoltage = r.u16() / 10;
      // Current is sent offset by 3000.0 A so that discharge stays positive.
      out.current = (r.u16() - 30_000) / 10;
      out.soc = r.u16() / 10;
      break;
    case 0x91:
      out.maxCellVoltage = r.u16() / 1000;
      out.maxCellVoltageCount = r.u8();
      out.minCellVoltage = r.u16() / 1000;
      out.minCellVoltageCount = r.u8();
      break;
    case 0x92:
      out.maxTemp = r.u8() - TEMP_OFFSET;
      out.maxTempCount = r.u8();
      out.minTemp = r.u8() - TEMP_OFFSET;
      out.minTempCount = r.u8();
      break;
    case 0x96: {
      r.skip(1); // frame number
      // 0 (-40 °C) fills the places of sensors that are not fitted.
      for (let i = 1; r.left > 0; i++) {
        const raw = r.u8();
        if (raw > 0) out[`cellTemp${i}`] = raw - TEMP_OFFSET;
      }
      break;
    }
  }
}
