import type { Language } from '../domain/constants';
import { LANGUAGE_STORAGE_KEY, resolveLanguage } from '../domain/language';
import { brand } from '../providers/publicConfig';

/** The language rule applied to this browser: stored choice, browser languages, brand, role. */
export function preferredLanguage(role?: number | null): Language {
  return resolveLanguage({
    stored: localStorage.getItem(LANGUAGE_STORAGE_KEY),
    browser: navigator.languages?.length ? navigator.languages : [navigator.language],
    role,
    fallback: brand().language,
  });
}
