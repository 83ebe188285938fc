import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { NAME_LOOKUPS_PER_HOUR } from '../../../src/domain/limits';
import { AppError } from '../../lib/errors';

/**
 * User names are global, since people log in with them, so whether a name is taken shows to
 * anyone who may create accounts (findUsername, or an insert refused as taken). Such answers are
 * counted per caller, so a tenant cannot sweep another tree's names. Per node: a cluster of N
 * API nodes allows up to N times as many.
 */
const lookups = new RateLimiterMemory({ points: NAME_LOOKUPS_PER_HOUR, duration: 3600 });

export async function countNameLookup(callerId: number): Promise<void> {
  try {
    await lookups.consume(String(callerId));
  } catch (e) {
    if (!(e instanceof RateLimiterRes)) throw e;
    throw new AppError(429, 'tooManyRequests', undefined, 429, null, {
      seconds: Math.ceil(e.msBeforeNext / 1000),
    });
  }
}
