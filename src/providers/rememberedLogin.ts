import AES from 'crypto-js/aes';
import Utf8 from 'crypto-js/enc-utf8';
import { REMEMBERED_LOGIN_KEY } from './rememberedLoginKey';

/**
 * "Remember password" (spec section 2): the credentials are kept in localStorage, obfuscated
 * with AES under a fixed client-side secret. This only keeps the password from sitting there in
 * plain text; anyone with the page's code can reverse it, as the spec accepts.
 */
const STORAGE_KEY = REMEMBERED_LOGIN_KEY;
const CLIENT_SECRET = 'fleetgate-login-remember-v1';

export interface RememberedLogin {
  username: string;
  password: string;
}

export function saveRememberedLogin(login: RememberedLogin): void {
  const cipher = AES.encrypt(JSON.stringify(login), CLIENT_SECRET).toString();
  localStorage.setItem(STORAGE_KEY, cipher);
}

export function forgetRememberedLogin(): void {
  localStorage.removeItem(STORAGE_KEY);
}

export function readRememberedLogin(): RememberedLogin | null {
  const cipher = localStorage.getItem(STORAGE_KEY);
  if (!cipher) return null;
  try {
    const parsed = JSON.parse(AES.decrypt(cipher, CLIENT_SECRET).toString(Utf8)) as Partial<RememberedLogin>;
    if (typeof parsed.username === 'string' && typeof parsed.password === 'string') {
      return { username: parsed.username, password: parsed.password };
    }
  } catch {
    // Unreadable (tampered, or written by another secret): behave as if nothing was saved.
  }
  forgetRememberedLogin();
  return null;
}
