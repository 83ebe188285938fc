import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGES, type MessageKey } from '../../src/domain/messages';
import { fail } from '../lib/envelope';
import { AppError } from '../lib/errors';
import { localize } from '../lib/localize';
import { fieldError, type SchemaErrorLike } from '../lib/schema/errors';
import { isValueError, sqlState } from '../lib/schema/db-errors';

/** Fastify's own 4xx (unreadable body, wrong content type, too large) by status. */
const FRAMEWORK_KEYS: Record<number, MessageKey> = {
  400: 'requestMalformed',
  413: 'requestTooLarge',
  415: 'requestMalformed',
  429: 'tooManyAttempts',
};

/** Turns every error into the envelope, so the client reads one shape whatever failed. */
export default fp(async function errorsPlugin(app: FastifyInstance) {
  const answer = (req: FastifyRequest, status: number, key: MessageKey, params?: Record<string, unknown>) =>
    fail(status, localize(req, key, params), key, null, params);

  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    if (err instanceof AppError) {
      // A spec code ("9902", "9906") stays as it is; a catalogue text is given in the caller's language.
      const message = err.message === MESSAGES[err.key] ? localize(req, err.key, err.params) : err.message;
      return reply.code(err.httpStatus).send(fail(err.code, message, err.key, err.data, err.params));
    }
    const fe = err as FastifyError;
    if (fe.validation) {
      const { key, params } = fieldError(fe.validation as SchemaErrorLike[], fe.validationContext ?? 'body');
      return reply.code(400).send(answer(req, 400, key, params));
    }
    const state = sqlState(err);
    if (state && isValueError(state)) {
      // The request's values, not the server, are at fault; logged so a missing bound gets fixed.
      app.log.warn(
        { route: req.routeOptions.url, sqlState: state, msg: err.message },
        'value refused by the database',
      );
      return reply.code(400).send(answer(req, 400, 'valueNotStorable'));
    }
    const status = fe.statusCode;
    if (status && status >= 400 && status < 500) {
      return reply.code(status).send(answer(req, status, FRAMEWORK_KEYS[status] ?? 'validationFailed'));
    }
    if (err instanceof RangeError && /call stack/i.test(err.message)) {
      return reply.code(400).send(answer(req, 400, 'requestMalformed'));
    }
    req.log.error({ err }, 'request failed');
    return reply.code(500).send(fail(500, MESSAGES.network, 'network'));
  });

  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/')) return reply.code(404).send(answer(req, 404, 'notFound'));
    return reply.code(404).send('Not found');
  });
});
