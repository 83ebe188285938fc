import { decodeGbk, encodeGbk } from './gbk';

/**
 * JT/T 808 terminal parameters (0x8103 set, 0x0104 query answer): a count byte, then items of
 * parameter id (DWORD), length (BYTE) and value. The ids the IP transfer uses are those of the
 * standard's parameter table: 0x0013 main server address (STRING, IP or domain), 0x0018 server
 * TCP port (DWORD).
 */
export const JT808_SET_PARAMS = 0x8103;
/** 0x8105 terminal control; command word 4 resets the terminal (some apply 0x8103 only then). */
export const JT808_TERMINAL_CONTROL = 0x8105;
export const JT808_PARAM = { mainServer: 0x0013, tcpPort: 0x0018 } as const;

export type Jt808ParamValue = { id: number; value: Buffer };

/** A 0x8103 body of the given items (at most 255, each value at most 255 bytes). */
export function encodeJt808Params(items: readonly Jt808ParamValue[]): Buffer {
  const parts: Buffer[] = [Buffer.of(items.length & 0xff)];
  for (const { id, value } of items) {
    const head = Buffer.alloc(5);
    head.writeUInt32BE(id >>> 0, 0);
    head.writeUInt8(value.length & 0xff, 4);
    parts.push(head, value.subarray(0, 255));
  }
  return Buffer.concat(parts);
}

/** The items of a 0x8103 body; a truncated item ends the list. */
export function decodeJt808Params(body: Buffer): Map<number, Buffer> {
  const out = new Map<number, Buffer>();
  const count = body.length > 0 ? body[0] : 0;
  let at = 1;
  for (let i = 0; i < count && at + 5 <= body.length; i++) {
    const id = body.readUInt32BE(at);
    const len = body[at + 4];
    if (at + 5 + len > body.length) break;
    out.set(id, body.subarray(at + 5, at + 5 + len));
    at += 5 + len;
  }
  return out;
}

const dword = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n >>> 0, 0);
  return b;
};

/** 0x8103 body setting the main server address and TCP port. */
export const encodeJt808ServerParams = (host: string, port: number) =>
  encodeJt808Params([
    { id: JT808_PARAM.mainServer, value: encodeGbk(host) },
    { id: JT808_PARAM.tcpPort, value: dword(port) },
  ]);

/** The server address and port a 0x8103 body sets; null when it sets neither. */
export function readJt808ServerParams(body: Buffer): { host: string | null; port: number | null } | null {
  const items = decodeJt808Params(body);
  const host = items.get(JT808_PARAM.mainServer);
  const port = items.get(JT808_PARAM.tcpPort);
  if (!host && !port) return null;
  return {
    host: host ? decodeGbk(host).replace(/\0+$/, '') : null,
    port: port && port.length === 4 ? port.readUInt32BE(0) : null,
  };
}
