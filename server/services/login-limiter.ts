import { RateLimiterMemory } from 'rate-limiter-flexible';
import type { ServerConfig } from '../config';

/**
 * Password guessing limits of this node (in memory, per node).
 * - Logins: every attempt counts against the client address (perIpPerMinute); failed ones also
 *   against the pair account + address, which locks after failuresPerUsername for the window.
 *   The lock is per pair, not per account: one address failing on `demo` must not lock `demo`
 *   for everyone else. No per-account ceiling: one that locks would give that denial back to
 *   whoever has a few addresses (docs/security.md).
 * - Password checks of a logged-in session (checkUserPassword, the old password of a change):
 *   failures per account, so a stolen token cannot guess the password at argon2's speed.
 * - User name existence lookups (findUsername, "name taken" refusals): per caller and hour.
 */
export class LoginLimiter {
  private perIp: RateLimiterMemory;
  private perAccountIp: RateLimiterMemory;
  private checks: RateLimiterMemory;
  private lookups: RateLimiterMemory;

  constructor(cfg: ServerConfig['loginRate']) {
    this.perIp = new RateLimiterMemory({ points: cfg.perIpPerMinute, duration: 60 });
    const failures = { points: cfg.failuresPerUsername, duration: cfg.usernameWindowSeconds };
    this.perAccountIp = new RateLimiterMemory(failures);
    this.checks = new RateLimiterMemory(failures);
    this.lookups = new RateLimiterMemory({ points: cfg.nameLookupsPerHour, duration: 3600 });
  }

  /** Consumes one attempt for the address; false when it or the pair account + address is over its limit. */
  async allow(ip: string, account: string): Promise<boolean> {
    try {
      await this.perIp.consume(ip);
    } catch {
      return false;
    }
    return hasPoints(this.perAccountIp, pairKey(account, ip));
  }

  async recordFailure(account: string, ip: string): Promise<void> {
    await this.perAccountIp.penalty(pairKey(account, ip), 1);
  }

  async recordSuccess(account: string, ip: string): Promise<void> {
    await this.perAccountIp.delete(pairKey(account, ip));
  }

  /** Whether a session of `userId` may have another password checked. */
  allowCheck(userId: number): Promise<boolean> {
    return hasPoints(this.checks, String(userId));
  }

  async recordCheck(userId: number, right: boolean): Promise<void> {
    if (right) await this.checks.delete(String(userId));
    else await this.checks.penalty(String(userId), 1);
  }

  /** Whether `callerId` may still learn whether a user name exists (checked before every lookup). */
  canLookup(callerId: number): Promise<boolean> {
    return hasPoints(this.lookups, String(callerId));
  }

  async countLookup(callerId: number): Promise<void> {
    await this.lookups.penalty(String(callerId), 1);
  }
}

const pairKey = (account: string, ip: string) => `${account.toLowerCase()}|${ip}`;

async function hasPoints(limiter: RateLimiterMemory, key: string): Promise<boolean> {
  const used = await limiter.get(key);
  return !used || used.remainingPoints > 0;
}
