import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope';
import { loadBrand } from '../../services/brand';
import { NoInput } from '../../lib/schema/primitives';

export default async function publicRoutes(app: FastifyInstance) {
  const brand = loadBrand(app.config.brand);
  app.get(
    '/public/config',
    {
      schema: {
        tags: ['public'],
        description: 'Brand of the login screen and the login code mode',
        querystring: NoInput(),
      },
      config: { access: { public: true } },
    },
    async () => ok({ brand, loginCodes: app.config.loginCodes }),
  );
}
