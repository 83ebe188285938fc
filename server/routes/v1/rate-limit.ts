import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors';

/**
 * The public API's rate limit (@fastify/rate-limit, memory store): per API key at its own rate
 * or the platform's (API_RATE_PER_MINUTE), per session or per address otherwise, within
 * API_RATE_WINDOW_MS (one minute). Counted after authentication (preHandler), so a key's count
 * is its own whoever sends it. Each node counts alone: behind N nodes a key gets up to N times
 * its rate (docs/api/public-api.md).
 */
export async function registerRateLimit(app: FastifyInstance) {
  const { perWindow, windowMs } = app.config.apiRate;
  const keyOf = (req: FastifyRequest) => {
    const auth = req.auth;
    if (auth?.apiKey) return `key:${auth.apiKey.id}`;
    if (auth) return `session:${auth.tokenHash}`;
    return `ip:${req.ip}`;
  };
  await app.register(rateLimit, {
    global: true,
    hook: 'preHandler',
    timeWindow: windowMs,
    max: (req) => req.auth?.apiKey?.ratePerMinute ?? perWindow,
    keyGenerator: keyOf,
    cache: 10_000,
    errorResponseBuilder: (_req, ctx) =>
      new AppError(429, 'tooManyRequests', undefined, 429, null, {
        seconds: Math.max(1, Math.ceil(ctx.ttl / 1000)),
      }),
  });
}
