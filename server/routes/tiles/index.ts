import { gzip } from 'node:zlib';
import { promisify } from 'node:util';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ok } from '../../lib/envelope';
import { AppError, badField, notFound } from '../../lib/errors';
import { NoInput } from '../../lib/schema/primitives';
import { binaryReply, replies } from '../../lib/schema/response';
import { VERSION } from '../probe/facts';
import { openArchive, type VectorArchive } from '../../services/tiles/pmtiles-archive';
import { RasterTileProxy } from '../../services/tiles/raster-proxy';
import { tileProblem, tileUserAgent } from '../../services/tiles/tile-path';
import {
  OSM_ATTRIBUTION,
  OSM_MAX_ZOOM,
  RASTER_TILES,
  VECTOR_TILES,
  type OsmState,
} from '../../../src/maps/basemap/streets';
import { TileParams, TilesConfig } from './schemas';

const tags = ['map'];
// Browsers load tiles as images and through L7's own requests, which carry no session token;
// the tiles are public map data, so these routes are too.
const PUBLIC = { access: { public: true } } as const;
/** Tiles change rarely; a day in the browser, revalidated by ETag after. */
const TILE_CACHE = 'public, max-age=86400';

const gzipAsync = promisify(gzip);

type TileRequest = FastifyRequest<{ Params: { z: number; x: number; y: number } }>;

function checkTile({ z, x, y }: { z: number; x: number; y: number }) {
  const problem = tileProblem(z, x, y);
  if (problem) throw badField('fieldTooLarge', problem.field, problem.limit);
}

const notModified = (req: FastifyRequest, etag: string) => req.headers['if-none-match'] === etag;

/**
 * Street basemaps without a map key (docs/maps.md): a self-hosted .pmtiles archive as vector
 * tiles, and OpenStreetMap raster tiles fetched by the server with our User-Agent.
 */
export default async function tileRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { tiles, publicUrl } = app.config;
  const archive: VectorArchive | null = tiles.pmtilesFile ? await openArchive(tiles.pmtilesFile) : null;
  if (archive) app.addHook('onClose', () => archive.close());
  const proxy = tiles.osmUrl
    ? new RasterTileProxy({
        template: tiles.osmUrl,
        userAgent: tileUserAgent(VERSION, publicUrl),
        cacheBytes: tiles.osmCacheBytes,
      })
    : null;

  app.get(
    '/tiles/config',
    {
      schema: {
        tags,
        description:
          'Which street basemaps this server offers without a map key, for the browser map, and whether ' +
          'its OSM tile server answers',
        querystring: NoInput(),
        response: replies(TilesConfig),
      },
      config: PUBLIC,
    },
    async (req) => {
      // Asked of the tile server here (its world tile, cached; a failure is remembered for 30 s),
      // so a browser never has to learn it from a failing tile request (issue 32).
      const health = proxy ? await proxy.health() : null;
      if (health && !health.ok) req.log.info({ reason: health.reason }, 'raster tile server unreachable');
      const osm: OsmState = !health ? 'off' : health.ok ? 'ok' : 'unreachable';
      return ok({
        vector: archive ? { tiles: VECTOR_TILES, ...archive.info } : null,
        raster: osm === 'ok' ? { tiles: RASTER_TILES, maxzoom: OSM_MAX_ZOOM, attribution: OSM_ATTRIBUTION } : null,
        osm,
      });
    },
  );

  app.get(
    '/tiles/vector/:z/:x/:y.pbf',
    {
      schema: {
        tags,
        description: 'A vector tile (MVT) of the PMTILES_FILE archive; 204 when the archive holds none there',
        params: TileParams,
        response: { ...binaryReply('application/vnd.mapbox-vector-tile', 'The tile'), 204: { description: 'Empty tile' } },
      },
      config: PUBLIC,
    },
    async (req: TileRequest, reply: FastifyReply) => {
      checkTile(req.params);
      if (!archive) throw notFound();
      const { z, x, y } = req.params;
      const tile = await archive.tile(z, x, y);
      reply.header('cache-control', TILE_CACHE).header('access-control-allow-origin', '*');
      if (!tile) return reply.code(204).send();
      reply.header('etag', tile.etag).header('vary', 'accept-encoding');
      if (notModified(req, tile.etag)) return reply.code(304).send();
      reply.type('application/vnd.mapbox-vector-tile');
      // MVT is protobuf and shrinks to a third or less with gzip; browsers always take it.
      if (/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
        return reply.header('content-encoding', 'gzip').send(await gzipAsync(tile.data));
      }
      return reply.send(tile.data);
    },
  );

  app.get(
    '/tiles/osm/:z/:x/:y.png',
    {
      schema: {
        tags,
        description: 'An OpenStreetMap raster tile fetched by the server (OSM_TILE_URL) and cached; 502 when unreachable',
        params: TileParams,
        response: binaryReply('image/png', 'The tile'),
      },
      config: PUBLIC,
    },
    async (req: TileRequest, reply: FastifyReply) => {
      checkTile(req.params);
      if (!proxy) throw notFound();
      const { z, x, y } = req.params;
      if (z > OSM_MAX_ZOOM) throw badField('fieldTooLarge', 'z', OSM_MAX_ZOOM);
      const answer = await proxy.tile(z, x, y);
      if (answer.kind === 'missing') throw notFound();
      if (answer.kind === 'unreachable') {
        req.log.warn({ reason: answer.reason }, 'raster tile server unreachable');
        throw new AppError(502, 'network');
      }
      const { tile } = answer;
      reply.header('cache-control', TILE_CACHE).header('etag', tile.etag);
      if (notModified(req, tile.etag)) return reply.code(304).send();
      return reply.type(tile.contentType).header('x-content-type-options', 'nosniff').send(tile.data);
    },
  );
}
