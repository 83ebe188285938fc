import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';

/**
 * Structured logs (pino, fastify's logger) with a request id on every line of a request. The id
 * comes from an incoming `x-request-id` when it looks like one, so a proxy's or a caller's id
 * follows the request through; otherwise it is a new UUID. Either way it goes back in the
 * `x-request-id` header, so a user reporting an error can quote it.
 */

export const REQUEST_ID_HEADER = 'x-request-id';

/** Letters, digits and the punctuation ids are made of; no spaces or controls that could forge log lines. */
const WELL_FORMED = /^[A-Za-z0-9._:@+=/-]{1,128}$/;

export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && WELL_FORMED.test(given) ? given : randomUUID();
}

/** Fastify options of every HTTP server of the process (the API and a gateway's ops listener). */
export function serverLogOptions(
  level: string,
  enabled: boolean,
  stream?: NodeJS.WritableStream,
): Pick<FastifyServerOptions, 'logger' | 'genReqId'> {
  return {
    logger: enabled ? { level, ...(stream ? { stream } : {}) } : false,
    // Log lines name it `reqId` (fastify's default label).
    genReqId: requestIdOf,
  };
}

/** Sends the request id back on every answer, errors and 404s included. */
export function echoRequestId(app: FastifyInstance) {
  app.addHook('onRequest', (req, reply, done) => {
    reply.header(REQUEST_ID_HEADER, req.id);
    done();
  });
}
