import type { Locale } from 'antd/es/locale';
import type { Language } from '../domain/constants';

type LocaleModule = Promise<{ default: Locale }>;

/**
 * antd's component texts (pagination, date pickers, empty states) per language; the import paths
 * must be literal for the bundler. Names follow ANTD_LOCALE_CODES. English is given explicitly too:
 * without a locale, antd keeps the confirm dialogs' texts of the language shown before.
 */
const LOADERS: Partial<Record<Language, () => LocaleModule>> = {
  cn: () => import('antd/es/locale/zh_CN'),
  en: () => import('antd/es/locale/en_US'),
  'en-IN': () => import('antd/es/locale/en_GB'),
  vi: () => import('antd/es/locale/vi_VN'),
  fr: () => import('antd/es/locale/fr_FR'),
  pt: () => import('antd/es/locale/pt_BR'),
  es: () => import('antd/es/locale/es_ES'),
  km: () => import('antd/es/locale/km_KH'),
  th: () => import('antd/es/locale/th_TH'),
  ru: () => import('antd/es/locale/ru_RU'),
  my: () => import('antd/es/locale/my_MM'),
};

export async function loadAntdLocale(lng: Language): Promise<Locale | undefined> {
  const load = LOADERS[lng];
  return load ? (await load()).default : undefined;
}
