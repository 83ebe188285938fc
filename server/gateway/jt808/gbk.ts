/**
 * GBK text, the charset of 808 plates and text messages. Node's TextDecoder reads GBK but there
 * is no encoder, so the encoding table is built once, on first non-ASCII use, by decoding every
 * two-byte GBK code.
 */

const decoder = new TextDecoder('gbk');
let table: Map<string, number> | null = null;

function encodingTable(): Map<string, number> {
  if (table) return table;
  table = new Map();
  const pair = new Uint8Array(2);
  for (let lead = 0x81; lead <= 0xfe; lead++) {
    for (let trail = 0x40; trail <= 0xfe; trail++) {
      if (trail === 0x7f) continue;
      pair[0] = lead;
      pair[1] = trail;
      const ch = decoder.decode(pair);
      if (ch.length === 1 && ch !== '\ufffd' && !table.has(ch)) table.set(ch, (lead << 8) | trail);
    }
  }
  return table;
}

export function decodeGbk(bytes: Uint8Array): string {
  return decoder.decode(bytes);
}

/** Encodes text as GBK; characters GBK lacks become '?'. */
export function encodeGbk(text: string): Buffer {
  const out: number[] = [];
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0x3f;
    if (code < 0x80) {
      out.push(code);
      continue;
    }
    const gbk = encodingTable().get(ch);
    if (gbk === undefined) out.push(0x3f);
    else out.push(gbk >> 8, gbk & 0xff);
  }
  return Buffer.from(out);
}
