import type { AuthProvider } from '@refinedev/core';
import { API_MESSAGE } from '../domain/codes';
import { PUBLIC_ROUTES } from '../domain/publicRoutes';
import { i18n, applyLanguage } from '../i18n';
import { preferredLanguage } from '../i18n/preferred';
import { ApiError, isSessionExpiredError, request } from './http';
import { brand } from './publicConfig';
import {
  clearSession,
  expireSession,
  getSession,
  getSessionUser,
  getToken,
  setSession,
  type LoginData,
} from './session';

/** What the login page and /loginByCert pass to refine's useLogin. */
export type LoginParams =
  | { mode?: 'password'; username: string; password: string; remember?: boolean }
  | { mode: 'cert'; terminalID: string; password: string };

// The failure codes' catalogue and the remembered login's cipher load with a login, not with the
// login page (page weight, issue 18).
async function failure(error: unknown) {
  const { loginFailureKey } = await import('../domain/loginFailure');
  const status = error instanceof ApiError ? error.statusCode : 0;
  const meta = error instanceof ApiError ? error.meta : undefined;
  return {
    success: false,
    error: { name: i18n.t('login:failed'), message: i18n.t(`errors:${loginFailureKey(status, meta)}`) },
  };
}

/** "Remember password" ticked or not: the cipher's code is loaded only then. */
async function rememberLogin({ username, password, remember }: { username: string; password: string; remember?: boolean }) {
  const { forgetRememberedLogin, saveRememberedLogin } = await import('./rememberedLogin');
  if (remember) saveRememberedLogin({ username, password });
  else forgetRememberedLogin();
}

/**
 * Applies the language rule for who is (or is no longer) logged in: test-group roles see the UI
 * in Chinese whatever the stored choice (spec section 6), and get it back after logout.
 */
async function applyLanguageFor(role?: number) {
  const lng = preferredLanguage(role);
  if (lng !== i18n.language) await applyLanguage(lng);
}

export const authProvider: AuthProvider = {
  login: async (params: LoginParams) => {
    try {
      const data =
        params.mode === 'cert'
          ? await request<LoginData>(
              '/loginByCert',
              { terminalID: params.terminalID, password: params.password },
              { anonymous: true },
            )
          : await request<LoginData>(
              brand().loginPath,
              { username: params.username, password: params.password },
              { anonymous: true },
            );
      setSession(data);
      if (params.mode !== 'cert' && params.remember !== undefined) await rememberLogin(params).catch(() => undefined);
      await applyLanguageFor(data.user.role);
      // /redirect sends the user to their home page (or the no-permission message).
      return { success: true, redirectTo: params.mode === 'cert' ? '/index/home' : PUBLIC_ROUTES.redirect };
    } catch (error) {
      return await failure(error);
    }
  },

  logout: async () => {
    if (getToken()) {
      try {
        await request('/logout', {});
      } catch {
        // The session ends on this side whatever the server says (it may already be gone).
      }
    }
    clearSession();
    await applyLanguageFor();
    return { success: true, redirectTo: brand().loginPath };
  },

  check: async () =>
    getSession()
      ? { authenticated: true }
      : { authenticated: false, logout: true, redirectTo: brand().loginPath },

  getIdentity: async () => {
    const user = getSessionUser();
    return user ? { ...user, name: user.nickname || user.username } : null;
  },

  getPermissions: async () => getSession()?.permissions ?? [],

  onError: async (error: unknown) => {
    if (isSessionExpiredError(error)) {
      expireSession();
      return {
        logout: true,
        redirectTo: brand().loginPath,
        error: {
          name: i18n.t('errors:sessionExpired'),
          message: i18n.t('errors:sessionExpired'),
          statusCode: 401,
        },
      };
    }
    if (error instanceof ApiError && error.meta.message === API_MESSAGE.forbidden) {
      return {
        error: {
          name: i18n.t('errors:unauthorized'),
          message: i18n.t('errors:unauthorized'),
          statusCode: 403,
        },
      };
    }
    return {};
  },
};
