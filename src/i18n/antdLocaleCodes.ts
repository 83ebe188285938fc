import type { Language } from '../domain/constants';

/**
 * antd's locale file for each of our languages. English uses antd's built-in en_US (always in
 * the main bundle), so it has no entry: grouping en_US would drag a locale chunk into every page.
 * India uses British English forms, the closest antd has.
 */
export const ANTD_LOCALE_CODES: Partial<Record<Language, string>> = {
  cn: 'zh_CN',
  'en-IN': 'en_GB',
  vi: 'vi_VN',
  fr: 'fr_FR',
  pt: 'pt_BR',
  es: 'es_ES',
  km: 'km_KH',
  th: 'th_TH',
  ru: 'ru_RU',
  my: 'my_MM',
};
