import type { I18nProvider } from '@refinedev/core';
import { i18n, applyLanguage } from '../i18n';
import { isLanguage } from '../domain/language';

/** refine's translate/changeLocale/getLocale over our i18next instance. */
export const i18nProvider: I18nProvider = {
  translate: (key, options, defaultMessage) =>
    i18n.t(key, { defaultValue: defaultMessage, ...(typeof options === 'object' ? options : {}) }) as string,
  changeLocale: async (lng: string) => {
    if (isLanguage(lng)) await applyLanguage(lng, true);
  },
  getLocale: () => i18n.language,
};
