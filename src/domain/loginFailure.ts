import { LOGIN_CODE } from './codes';
import { MESSAGES, type MessageKey } from './messages';

const BY_CODE: Record<number, MessageKey> = {
  [LOGIN_CODE.usernameError]: 'usernameError',
  [LOGIN_CODE.wrongPassword]: 'wrongPassword',
  [LOGIN_CODE.userExpired]: 'userExpired',
  [LOGIN_CODE.wrongCredentials]: 'wrongCredentials',
};

/**
 * Which message explains a failed login (spec section 8 login codes): HTTP 429 is too many
 * attempts; otherwise the meta.code (201, 202, 208, 209); otherwise the server's meta.key;
 * otherwise the generic network text.
 */
export function loginFailureKey(
  status: number,
  meta: { code?: number; key?: string } | undefined,
): MessageKey {
  if (status === 429) return 'tooManyAttempts';
  const byCode = meta?.code != null ? BY_CODE[meta.code] : undefined;
  if (byCode) return byCode;
  if (meta?.key && meta.key in MESSAGES) return meta.key as MessageKey;
  return 'network';
}
