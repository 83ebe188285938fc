import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { LoginLimiter } from '../login-limiter';
import { usernameExists } from './read';

/**
 * User names are global login names, so whether one is taken cannot be scoped to the caller's
 * tree: each answer tells a little about accounts of other trees. Their number is limited per
 * caller (NAME_LOOKUPS_PER_HOUR): findUsername counts every question, creating or renaming an
 * account counts each "taken" refusal. Past the limit every such call answers 429 before looking,
 * whether the name is free or not, so the refusal itself tells nothing.
 */
export async function lookUpName(
  db: Db,
  limiter: LoginLimiter,
  callerId: number,
  username: string,
  count: 'always' | 'whenTaken',
): Promise<boolean> {
  if (!(await limiter.canLookup(callerId))) throw new AppError(429, 'tooManyTries');
  const taken = await usernameExists(db, username);
  if (taken || count === 'always') await limiter.countLookup(callerId);
  return taken;
}
