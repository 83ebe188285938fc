import type { Language } from '../domain/constants';

/** Each language named in itself, so a reader finds their own whatever language is shown. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  cn: '简体中文',
  en: 'English',
  vi: 'Tiếng Việt',
  fr: 'Français',
  pt: 'Português',
  'en-IN': 'English (India)',
  es: 'Español',
  km: 'ភាសាខ្មែរ',
  th: 'ไทย',
  ru: 'Русский',
  my: 'မြန်မာဘာသာ',
};
