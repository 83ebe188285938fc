/** localStorage key of the remembered login (./rememberedLogin.ts), apart from its cipher code. */
export const REMEMBERED_LOGIN_KEY = 'rememberedLogin';

/** True when a login is remembered: the login page loads the cipher only then (page weight). */
export const hasRememberedLogin = (): boolean => localStorage.getItem(REMEMBERED_LOGIN_KEY) !== null;
