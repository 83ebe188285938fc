import { open, stat, type FileHandle } from 'node:fs/promises';
import { Compression, PMTiles, TileType, type RangeResponse, type Source } from 'pmtiles';

/** A pmtiles Source over a local file: reads byte ranges with positional reads, one handle. */
class LocalFileSource implements Source {
  constructor(
    private readonly file: string,
    private readonly handle: FileHandle,
  ) {}

  getKey(): string {
    return this.file;
  }

  async getBytes(offset: number, length: number): Promise<RangeResponse> {
    const buf = Buffer.allocUnsafe(length);
    const { bytesRead } = await this.handle.read(buf, 0, length, offset);
    const data = buf.subarray(0, bytesRead);
    return { data: data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer };
  }
}

/** What the browser needs to draw the archive (GET /api/tiles/config). */
export interface VectorInfo {
  minzoom: number;
  maxzoom: number;
  /** [west, south, east, north], WGS-84. */
  bounds: [number, number, number, number];
  /** [lng, lat, zoom]. */
  center: [number, number, number];
  /** The archive's source layers (Protomaps: earth, water, landuse, roads, places, …). */
  layers: string[];
  attribution: string | null;
}

export interface VectorTile {
  /** The MVT bytes, uncompressed (the pmtiles reader undoes the archive's compression). */
  data: Buffer;
  etag: string;
}

export interface VectorArchive {
  info: VectorInfo;
  /** The tile, or null when the archive holds none there (an empty tile). */
  tile(z: number, x: number, y: number): Promise<VectorTile | null>;
  close(): Promise<void>;
}

interface ArchiveMetadata {
  vector_layers?: { id?: unknown }[];
  attribution?: unknown;
}

/**
 * Opens a .pmtiles archive of vector tiles (PMTILES_FILE). Throws when the file is missing or
 * holds no MVT tiles, so a wrong setting stops the server at start instead of showing a blank map.
 * Tiles come out uncompressed; the route compresses them for the way to the browser.
 */
export async function openArchive(file: string): Promise<VectorArchive> {
  const handle = await open(file, 'r');
  try {
    const { size, mtimeMs } = await stat(file);
    const archive = new PMTiles(new LocalFileSource(file, handle));
    const header = await archive.getHeader();
    if (header.tileType !== TileType.Mvt) throw new Error(`${file} holds no vector (MVT) tiles`);
    if (header.tileCompression !== Compression.Gzip && header.tileCompression !== Compression.None) {
      throw new Error(`${file}: tile compression ${Compression[header.tileCompression]} is not supported (gzip or none)`);
    }
    const meta = ((await archive.getMetadata()) ?? {}) as ArchiveMetadata;
    const layers = (meta.vector_layers ?? []).map((l) => l.id).filter((id): id is string => typeof id === 'string');
    // Changes whenever the file is replaced by another extract: browsers then fetch tiles again.
    const version = `${size.toString(36)}${Math.round(mtimeMs).toString(36)}`;
    return {
      info: {
        minzoom: header.minZoom,
        maxzoom: header.maxZoom,
        bounds: [header.minLon, header.minLat, header.maxLon, header.maxLat],
        center: [header.centerLon, header.centerLat, header.centerZoom],
        layers,
        attribution: typeof meta.attribution === 'string' ? meta.attribution : null,
      },
      async tile(z, x, y) {
        const found = await archive.getZxy(z, x, y);
        if (!found || found.data.byteLength === 0) return null;
        return { data: Buffer.from(found.data), etag: `"${version}-${z}-${x}-${y}"` };
      },
      close: () => handle.close(),
    };
  } catch (error) {
    await handle.close();
    throw error;
  }
}
