import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

/**
 * OpenAPI 3.1 built from the route schemas (requests and answers), served at /api/docs and
 * /api/docs/json; the 'interface' help page reads the same document. 3.1 because its schemas are
 * JSON Schema, so a nullable column is `anyOf [T, null]` as TypeBox writes it.
 */
export default fp(async function docsPlugin(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'FleetGate API',
        version: '1',
        description:
          'Every answer is the envelope {meta: {success, code, message, key}, data}. ' +
          'The web app signs in with a session token; integrators use an API key on /api/v1.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'A session token or an API key' },
          apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
        },
      },
      security: [{ bearer: [] }],
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
});
