import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { BrandSchema } from '../../../src/domain/brand';
import { ok } from '../../lib/envelope';
import { Body, Text, Type } from '../../lib/schema/primitives';
import { replies } from '../../lib/schema/response';
import { serverBrands } from '../../services/brand';

/** What the web app needs before anyone logs in. */
const PublicConfigSchema = Type.Object({
  brand: BrandSchema,
  loginCodes: Type.Union([Type.Literal('merged'), Type.Literal('distinct')], {
    description: 'merged: one code (209) for a wrong user or password; distinct: 201 and 202',
  }),
  loginPaths: Type.Array(Type.String(), {
    description: 'Every brand login path (the login page is shown at each)',
  }),
});

export default async function publicRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  // Every brand file is read and checked here, at start: a bad one stops the server.
  const brands = serverBrands(app.config.brand);
  app.get(
    '/public/config',
    {
      schema: {
        tags: ['public'],
        description:
          'The brand of the login screen and the login code mode. The brand is the one whose login ' +
          'path is `path`, else the brand `brand`, else the one listing the Host, else the default.',
        querystring: Body({
          path: Type.Optional(Text(100, { description: 'The page path, e.g. /bengps/login' })),
          brand: Type.Optional(Text(32, { description: 'A brand id the browser remembers' })),
        }),
        response: replies(PublicConfigSchema),
      },
      config: { access: { public: true } },
    },
    async (req) =>
      ok({
        brand: brands.pick({ ...req.query, host: req.headers.host }),
        loginCodes: app.config.loginCodes,
        loginPaths: brands.loginPaths,
      }),
  );
}
