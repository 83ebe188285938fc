import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { zxyToTileId } from 'pmtiles';

/**
 * Writes a PMTiles v3 archive (https://github.com/protomaps/PMTiles/blob/main/spec/v3/spec.md)
 * for the tests: a 127-byte header, one root directory (no leaf directories: the archives the
 * tests make stay well under the 16 KiB the header and root directory may take), the JSON
 * metadata, then the tile data. Directories and metadata are gzip (internal compression 2);
 * tiles are gzip too unless `tileCompression` is 'none'. Identical tiles are stored once.
 */

export interface ArchiveTile {
  z: number;
  x: number;
  y: number;
  /** The MVT bytes, uncompressed. */
  data: Uint8Array;
}

export interface ArchiveOptions {
  minZoom: number;
  maxZoom: number;
  /** [west, south, east, north]. */
  bounds: [number, number, number, number];
  /** [lng, lat, zoom]. */
  center: [number, number, number];
  metadata: Record<string, unknown>;
  tileCompression?: 'gzip' | 'none';
}

const HEADER_BYTES = 127;
const ROOT_LIMIT = 16_384;
const COMPRESSION = { none: 1, gzip: 2 } as const;
const TILE_TYPE_MVT = 1;

/** Unsigned LEB128, for numbers up to 2^53 (tile ids pass 2^32 past zoom 15). */
function varint(n: number, out: number[]) {
  let v = n;
  while (v >= 0x80) {
    out.push((v % 0x80) | 0x80);
    v = Math.floor(v / 0x80);
  }
  out.push(v);
}

interface Entry {
  tileId: number;
  offset: number;
  length: number;
  runLength: number;
}

/** The directory as the spec lays it out: count, id deltas, run lengths, lengths, offsets. */
export function encodeDirectory(entries: readonly Entry[]): Buffer {
  const out: number[] = [];
  varint(entries.length, out);
  let last = 0;
  for (const e of entries) {
    varint(e.tileId - last, out);
    last = e.tileId;
  }
  for (const e of entries) varint(e.runLength, out);
  for (const e of entries) varint(e.length, out);
  entries.forEach((e, i) => {
    const prev = entries[i - 1];
    // 0: the tile data follows the previous entry's directly; else offset + 1.
    if (prev && e.offset === prev.offset + prev.length) varint(0, out);
    else varint(e.offset + 1, out);
  });
  return Buffer.from(out);
}

export function writePmtiles(tiles: readonly ArchiveTile[], o: ArchiveOptions): Buffer {
  const compression = o.tileCompression ?? 'gzip';
  const sorted = tiles
    .map((t) => ({ ...t, tileId: zxyToTileId(t.z, t.x, t.y) }))
    .sort((a, b) => a.tileId - b.tileId);
  const chunks: Buffer[] = [];
  const byHash = new Map<string, { offset: number; length: number }>();
  const entries: Entry[] = [];
  let dataLength = 0;
  for (const t of sorted) {
    const hash = createHash('sha1').update(t.data).digest('hex');
    let place = byHash.get(hash);
    if (!place) {
      const bytes = compression === 'gzip' ? gzipSync(t.data) : Buffer.from(t.data);
      place = { offset: dataLength, length: bytes.length };
      byHash.set(hash, place);
      chunks.push(bytes);
      dataLength += bytes.length;
    }
    entries.push({ tileId: t.tileId, offset: place.offset, length: place.length, runLength: 1 });
  }
  const root = gzipSync(encodeDirectory(entries));
  if (HEADER_BYTES + root.length > ROOT_LIMIT) throw new Error('too many tiles for a root directory alone');
  const metadata = gzipSync(Buffer.from(JSON.stringify(o.metadata)));

  const rootOffset = HEADER_BYTES;
  const metaOffset = rootOffset + root.length;
  const dataOffset = metaOffset + metadata.length;
  const h = Buffer.alloc(HEADER_BYTES);
  h.write('PMTiles', 0, 'ascii');
  h.writeUInt8(3, 7);
  const u64 = (at: number, v: number) => h.writeBigUInt64LE(BigInt(v), at);
  u64(8, rootOffset);
  u64(16, root.length);
  u64(24, metaOffset);
  u64(32, metadata.length);
  u64(40, dataOffset); // no leaf directories: offset at the tile data, length 0
  u64(48, 0);
  u64(56, dataOffset);
  u64(64, dataLength);
  u64(72, entries.length); // addressed tiles
  u64(80, entries.length); // directory entries
  u64(88, byHash.size); // distinct tile contents
  h.writeUInt8(1, 96); // clustered: entries in tile id order, data in the same order
  h.writeUInt8(COMPRESSION.gzip, 97);
  h.writeUInt8(COMPRESSION[compression], 98);
  h.writeUInt8(TILE_TYPE_MVT, 99);
  h.writeUInt8(o.minZoom, 100);
  h.writeUInt8(o.maxZoom, 101);
  const e7 = (at: number, deg: number) => h.writeInt32LE(Math.round(deg * 1e7), at);
  e7(102, o.bounds[0]);
  e7(106, o.bounds[1]);
  e7(110, o.bounds[2]);
  e7(114, o.bounds[3]);
  h.writeUInt8(o.center[2], 118);
  e7(119, o.center[0]);
  e7(123, o.center[1]);
  return Buffer.concat([h, root, metadata, ...chunks]);
}
