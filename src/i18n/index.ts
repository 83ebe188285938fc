import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale } from 'antd/es/locale';
import type { Language } from '../domain/constants';
import { LANGUAGE_STORAGE_KEY } from '../domain/language';
import { loadAntdLocale } from './antdLocales';
import { setRequestLanguage } from '../providers/http';

export const NAMESPACES = [
  'common',
  'menu',
  'login',
  'errors',
  'monitor',
  'device',
  'agent',
  'track',
  'tire',
  'count',
  'notify',
  'alarm',
  'fence',
  'area',
  'command',
  'pay',
  'order',
  'qc',
  'devlog',
  'ota',
  'stock',
  'transfer',
  'factory',
  'system',
  'api',
  'help',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/**
 * Every locales/<lng>/<namespace>.json as a lazy import. vite.config.ts puts all files of one
 * language into a single chunk, so choosing a language costs one request.
 */
const bundles = import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*/*.json');

const loaded = new Map<Language, Promise<void>>();
const antdLocales = new Map<Language, Locale | undefined>();

function filesOf(lng: Language): [Namespace, () => Promise<{ default: Record<string, unknown> }>][] {
  const prefix = `../../locales/${lng}/`;
  return Object.entries(bundles)
    .filter(([path]) => path.startsWith(prefix))
    .map(([path, load]) => [path.slice(prefix.length, -'.json'.length) as Namespace, load]);
}

/** Loads one language (our texts and antd's) once; later calls reuse the same promise. */
export function loadLanguage(lng: Language): Promise<void> {
  let pending = loaded.get(lng);
  if (!pending) {
    pending = (async () => {
      const [files, antd] = await Promise.all([
        Promise.all(filesOf(lng).map(async ([ns, load]) => [ns, (await load()).default] as const)),
        loadAntdLocale(lng),
      ]);
      for (const [ns, texts] of files) i18n.addResourceBundle(lng, ns, texts, true, true);
      antdLocales.set(lng, antd);
    })();
    pending.catch(() => loaded.delete(lng));
    loaded.set(lng, pending);
  }
  return pending;
}

/** antd's texts for a loaded language; undefined means antd's built-in English. */
export const antdLocaleOf = (lng: Language): Locale | undefined => antdLocales.get(lng);

const HTML_LANG: Partial<Record<Language, string>> = { cn: 'zh-CN' };

/** Shows the UI in `lng` (loading it first). `remember` stores it as the user's choice. */
export async function applyLanguage(lng: Language, remember = false): Promise<void> {
  await loadLanguage(lng);
  await i18n.changeLanguage(lng);
  setRequestLanguage(lng);
  document.documentElement.lang = HTML_LANG[lng] ?? lng;
  if (remember) localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
}

export async function initI18n(lng: Language): Promise<typeof i18n> {
  await i18n.use(initReactI18next).init({
    lng,
    // No fallback language: loading a second language would cost a second chunk, and
    // scripts/check-locales.ts guarantees every language has every key.
    fallbackLng: false,
    ns: [...NAMESPACES],
    defaultNS: 'common',
    resources: {},
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    react: { bindI18n: 'languageChanged loaded' },
  });
  await applyLanguage(lng);
  return i18n;
}

export { i18n };
