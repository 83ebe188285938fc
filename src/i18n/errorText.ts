import { i18n } from './index';
import { ApiError } from '../providers/http';
import { API_MESSAGE } from '../domain/codes';

/**
 * The text to show for a failed call (spec section 8): the translated `meta.key`, else the
 * known numeric codes, else the server's own message, else the generic network text.
 */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) {
    const key = error.key;
    if (key && i18n.exists(`errors:${key}`)) return i18n.t(`errors:${key}`, error.meta.params ?? {});
    if (error.meta.message === API_MESSAGE.sessionExpired) return i18n.t('errors:sessionExpired');
    if (error.meta.message === API_MESSAGE.forbidden) return i18n.t('errors:unauthorized');
    if (error.meta.message && !/^\d+$/.test(error.meta.message)) return error.meta.message;
  }
  return i18n.t('errors:network');
}
