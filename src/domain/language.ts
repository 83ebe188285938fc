import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './constants';
import { forcesChinese } from '../../config/roles';

/** localStorage key of the language the user picked (spec section 3, client state). */
export const LANGUAGE_STORAGE_KEY = 'useLang';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * Maps a browser language tag (BCP 47, e.g. `zh-TW`, `en-IN`, `pt-BR`) to one of ours:
 * any Chinese is `cn`, Indian English is `en-IN`, any other English is `en`, and the other
 * languages match on their primary subtag.
 */
export function languageOfBrowserTag(tag: string): Language | undefined {
  const lower = tag.trim().toLowerCase();
  if (!lower) return undefined;
  const primary = lower.split(/[-_]/)[0];
  if (primary === 'zh') return 'cn';
  if (primary === 'en') return lower === 'en-in' || lower === 'en_in' ? 'en-IN' : 'en';
  return LANGUAGES.find((l) => l === primary);
}

/**
 * The BCP 47 tag of one of our languages (`cn` is zh-CN; the others are tags already): what
 * the page's `lang`, Intl and the map providers' `language` parameters take. Anything else is
 * passed through.
 */
export function languageTag(lng: string): string {
  return lng === 'cn' ? 'zh-CN' : lng;
}

export interface LanguageInputs {
  /** localStorage `useLang`. */
  stored: string | null | undefined;
  /** navigator.languages, most preferred first. */
  browser: readonly string[];
  /** Role of the logged-in user, if any: test-group roles always use cn. */
  role?: number | null;
  /** The last resort; cn unless the brand names its own language. */
  fallback?: Language;
}

/**
 * The language rule (spec section 5): the stored choice if supported, else the first supported
 * browser language, else cn (or the brand's language). Test-group roles are forced to cn
 * (spec section 6).
 */
export function resolveLanguage({
  stored,
  browser,
  role,
  fallback = DEFAULT_LANGUAGE,
}: LanguageInputs): Language {
  if (role != null && forcesChinese(role)) return 'cn';
  if (isLanguage(stored)) return stored;
  for (const tag of browser) {
    const lng = languageOfBrowserTag(tag);
    if (lng) return lng;
  }
  return fallback;
}
