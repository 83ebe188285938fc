import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope';
import { badField } from '../../lib/errors';
import { Body, Int, Required, Text, Token, Type } from '../../lib/schema/primitives';
import { browserKey, loadMapKeySetting } from '../../services/map/settings';
import { reverseGeocode, suggest } from '../../services/map/web-service';
import { replies } from '../../lib/schema/response';
import { KeyAddress, MapKey, Suggestions } from './responses';

const tags = ['map'];
// The map key is needed by anyone who sees a map; every logged-in account may ask for it.
const ANY = { permission: 'authenticated' } as const;
/** Values the old clients send as a string or a number. */
const Str = Type.Union([Text(32), Int(0, 1_000_000)]);
const MapType = Token(16);

/** Map key and the provider's web services (spec section 7). */
export default async function mapRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/map/getKey',
    {
      schema: {
        tags,
        description:
          'The browser key of a map type from the system setting mapKey; a map type without a key ' +
          'is a normal state (the map draws without one): key "" and configured false',
        body: Body({
          projectName: Type.Optional(Str),
          devicePlatform: Type.Optional(Str),
          mapType: Str,
        }),
        response: replies(MapKey),
      },
      config: { access: ANY },
    },
    async (req) => {
      const mapType = String(req.body.mapType);
      const answer = browserKey(await loadMapKeySetting(app.db), mapType);
      return ok(answer ? { ...answer, configured: true } : { mapType, key: '', configured: false });
    },
  );

  app.post(
    '/map/getSuggestion',
    {
      schema: {
        tags,
        description: "Place suggestions from the configured provider (Baidu's shape: status 0, result[])",
        body: Body({
          param: Required(100),
          output: Type.Optional(Token(16)),
          region: Type.Optional(Text(64)),
          coord_type: Type.Optional(Token(16)),
          language: Type.Optional(Token(16)),
          mapType: Type.Optional(MapType),
        }),
        response: replies(Suggestions),
      },
      config: { access: ANY },
    },
    async (req) => {
      const b = req.body;
      const ct = (b.coord_type ?? 'wgs84').toLowerCase();
      const coordType = ct.startsWith('bd') ? 'bd09' : ct.startsWith('gcj') ? 'gcj02' : 'wgs84';
      return ok(
        await suggest(app.db, {
          query: b.param,
          region: b.region,
          coordType,
          language: b.language,
          mapType: b.mapType,
        }),
      );
    },
  );

  app.post(
    '/map/getKeyAddress',
    {
      schema: {
        tags,
        description:
          'Address of a WGS-84 position "lat,lng" from the configured provider: status 0, ' +
          'result.formatted_address and result.sematic_description',
        body: Body({
          param: Text(64),
          language: Type.Optional(Token(16)),
          extensions_poi: Type.Optional(Str),
          mapType: Type.Optional(MapType),
        }),
        response: replies(KeyAddress),
      },
      config: { access: ANY },
    },
    async (req) => {
      const [lat, lng] = req.body.param.split(',').map((v) => Number(v.trim()));
      if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) {
        throw badField('fieldFormat', 'param');
      }
      return ok(
        await reverseGeocode(app.db, { lat, lng, language: req.body.language, mapType: req.body.mapType }),
      );
    },
  );
}
