import { RateLimiterMemory } from 'rate-limiter-flexible';
import type { ServerConfig } from '../config';

/**
 * Throttles password guessing:
 * - every login attempt counts against the client's address (per minute);
 * - failed logins lock one account for one address only: ten wrong passwords from one address
 *   lock that pair for the window, so nobody can lock the public demo account, or anyone
 *   else's, for everybody by failing on purpose;
 * - password checks made with a session (checkUserPassword, a change that gives the old
 *   password) lock the checks of that account after as many failures, whatever the address:
 *   the caller already holds the account's token.
 * The client's address is the socket's unless a proxy named in TRUST_PROXY forwards it.
 */
export class LoginLimiter {
  private perIp: RateLimiterMemory;
  private perAccountAddress: RateLimiterMemory;
  private perAccountChecks: RateLimiterMemory;

  constructor(cfg: ServerConfig['loginRate']) {
    this.perIp = new RateLimiterMemory({ points: cfg.perIpPerMinute, duration: 60 });
    const failures = { points: cfg.failuresPerUsername, duration: cfg.usernameWindowSeconds };
    this.perAccountAddress = new RateLimiterMemory(failures);
    this.perAccountChecks = new RateLimiterMemory(failures);
  }

  private static pair(ip: string, account: string) {
    return `${account.toLowerCase()}\n${ip}`;
  }

  /** Consumes one attempt for the address; false when it or this account from it is over its limit. */
  async allow(ip: string, account: string): Promise<boolean> {
    try {
      await this.perIp.consume(ip);
    } catch {
      return false;
    }
    return open(await this.perAccountAddress.get(LoginLimiter.pair(ip, account)));
  }

  async recordFailure(ip: string, account: string): Promise<void> {
    await this.perAccountAddress.penalty(LoginLimiter.pair(ip, account), 1);
  }

  async recordSuccess(ip: string, account: string): Promise<void> {
    await this.perAccountAddress.delete(LoginLimiter.pair(ip, account));
  }

  /**
   * Runs a password check of a logged-in account: false without checking when its checks are
   * locked; a wrong answer counts, a right one clears the count.
   */
  async check(userId: number, verify: () => Promise<boolean>): Promise<boolean | 'locked'> {
    const key = String(userId);
    if (!open(await this.perAccountChecks.get(key))) return 'locked';
    const right = await verify();
    if (right) await this.perAccountChecks.delete(key);
    else await this.perAccountChecks.penalty(key, 1);
    return right;
  }
}

const open = (r: { remainingPoints: number } | null) => !r || r.remainingPoints > 0;
