import type { LoginLimiter } from '../login-limiter';
import type { AuthContext } from '../../plugins/auth';
import { AppError } from '../../lib/errors';
import { verifyPassword } from '../passwords';

/**
 * Whether `password` is the caller's current one (the session loaded the account row). Every
 * such check is a guess a stolen token could repeat: failures count per account, and past the
 * limit (LOGIN_FAILURES_PER_USER in LOGIN_FAILURE_WINDOW) the check answers 429 unanswered.
 */
export async function checkOwnPassword(limiter: LoginLimiter, auth: AuthContext, password: string): Promise<boolean> {
  const id = auth.user.id;
  if (!(await limiter.allowCheck(id))) throw new AppError(429, 'tooManyTries');
  const right = await verifyPassword(auth.user.passwordHash, password);
  await limiter.recordCheck(id, right);
  return right;
}
