import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance } from 'fastify';
import { MESSAGES } from '../../src/domain/messages';
import { fail } from '../lib/envelope';
import { AppError } from '../lib/errors';

/** Turns every error into the envelope, so the client reads one shape whatever failed. */
export default fp(async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    if (err instanceof AppError) {
      return reply.code(err.httpStatus).send(fail(err.code, err.message, err.key, err.data));
    }
    if ((err as FastifyError).validation) {
      const detail = (err as FastifyError).message;
      return reply.code(400).send(fail(400, `${MESSAGES.validationFailed}: ${detail}`, 'validationFailed'));
    }
    const status = (err as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      const key = status === 429 ? 'tooManyAttempts' : 'validationFailed';
      return reply.code(status).send(fail(status, err.message, key));
    }
    req.log.error({ err }, 'request failed');
    return reply.code(500).send(fail(500, MESSAGES.network, 'network'));
  });

  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/')) return reply.code(404).send(fail(404, MESSAGES.notFound, 'notFound'));
    return reply.code(404).send('Not found');
  });
});
