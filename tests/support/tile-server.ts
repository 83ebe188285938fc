import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32, deflateSync } from 'node:zlib';

/**
 * A stand-in for tile.openstreetmap.org on localhost: answers /{z}/{x}/{y}.png with a generated
 * 256×256 PNG (a land colour crossed by a road band, so a browser test can find both colours)
 * and remembers every request with its headers (the User-Agent the proxy sent).
 */

/** The colours of every generated tile. */
export const TEST_TILE_LAND: [number, number, number] = [0xe8, 0xd9, 0xb5];
export const TEST_TILE_ROAD: [number, number, number] = [0xd2, 0x3c, 0x8c];

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** An RGB PNG: every pixel land, except a road band 24 px wide across the middle both ways. */
export function testTilePng(size = 256): Buffer {
  const row = 1 + size * 3;
  const raw = Buffer.alloc(row * size);
  const band = (v: number) => Math.abs(v - size / 2) < 12;
  for (let y = 0; y < size; y++) {
    raw[y * row] = 0; // filter: none
    for (let x = 0; x < size; x++) {
      const [r, g, b] = band(x) || band(y) ? TEST_TILE_ROAD : TEST_TILE_LAND;
      const at = y * row + 1 + x * 3;
      raw[at] = r;
      raw[at + 1] = g;
      raw[at + 2] = b;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export interface TileServer {
  /** The template for OSM_TILE_URL, http://127.0.0.1:<port>/{z}/{x}/{y}.png. */
  template: string;
  port: number;
  requests: { url: string; headers: IncomingHttpHeaders }[];
  close(): Promise<void>;
}

/**
 * Starts the server on a free port (or `port`). Tiles past zoom 19, outside 2^z or `missing`
 * answer 404.
 */
export async function startTileServer(port = 0, missing: (z: number, x: number, y: number) => boolean = () => false): Promise<TileServer> {
  const png = testTilePng();
  const requests: TileServer['requests'] = [];
  const server: Server = createServer((req, res) => {
    requests.push({ url: req.url ?? '', headers: req.headers });
    const m = /^\/(\d+)\/(\d+)\/(\d+)\.png$/.exec(req.url ?? '');
    const [z, x, y] = m ? m.slice(1).map(Number) : [];
    if (!m || z > 19 || x >= 2 ** z || y >= 2 ** z || missing(z, x, y)) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('no such tile');
      return;
    }
    res.writeHead(200, { 'content-type': 'image/png', 'content-length': png.length }).end(png);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actual = (server.address() as AddressInfo).port;
  return {
    template: `http://127.0.0.1:${actual}/{z}/{x}/{y}.png`,
    port: actual,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Run as a script (the e2e streets spec): `tsx tests/support/tile-server.ts <port>`. */
if (process.argv[1]?.endsWith('tile-server.ts') && process.argv[2]) {
  void startTileServer(Number(process.argv[2])).then((s) => console.log(`test tile server on ${s.template}`));
}
