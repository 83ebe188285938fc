import { RateLimiterMemory } from 'rate-limiter-flexible';
import type { ServerConfig } from '../config';

/**
 * Login throttling: every attempt counts against the client IP; failed attempts also count
 * against the user name, so one account cannot be guessed at from many addresses.
 */
export class LoginLimiter {
  private perIp: RateLimiterMemory;
  private perUser: RateLimiterMemory;

  constructor(cfg: ServerConfig['loginRate']) {
    this.perIp = new RateLimiterMemory({ points: cfg.perIpPerMinute, duration: 60 });
    this.perUser = new RateLimiterMemory({
      points: cfg.failuresPerUsername,
      duration: cfg.usernameWindowSeconds,
    });
  }

  /** Consumes one attempt for the IP; false when the IP or the user name is over its limit. */
  async allow(ip: string, username: string): Promise<boolean> {
    try {
      await this.perIp.consume(ip);
    } catch {
      return false;
    }
    const user = await this.perUser.get(username.toLowerCase());
    return !user || user.remainingPoints > 0;
  }

  async recordFailure(username: string): Promise<void> {
    await this.perUser.penalty(username.toLowerCase(), 1);
  }

  async recordSuccess(username: string): Promise<void> {
    await this.perUser.delete(username.toLowerCase());
  }
}
