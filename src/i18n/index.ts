import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale } from 'antd/es/locale';
import type { Language } from '../domain/constants';
import { LANGUAGE_STORAGE_KEY, languageTag } from '../domain/language';
import { loadAntdLocale } from './antdLocales';
import { groupOfNamespace, type TextGroup } from './groups';
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

type Bundles = Record<string, () => Promise<{ default: Record<string, unknown> }>>;

/**
 * locales/<lng>/<namespace>.json as lazy imports: here those of the `login` and `errors` groups,
 * in ./appTexts.ts and ./screenTexts.ts (loaded with their groups) the others. vite.config.ts
 * puts the files of one language into one chunk per text group (src/i18n/groups.ts), so the
 * login page loads a few kB of texts, the signed-in app and its monitor what they show, and the
 * other screens the rest. The pattern names the groups' namespaces (see groups.ts).
 */
const bundles: Bundles = import.meta.glob<{ default: Record<string, unknown> }>(
  '../../locales/*/{common,login,errors}.json',
);
async function bundlesOf(group: TextGroup): Promise<Bundles> {
  if (group === 'app') return (await import('./appTexts')).APP_BUNDLES;
  if (group === 'screens') return (await import('./screenTexts')).SCREEN_BUNDLES;
  return bundles;
}

/** Loads in flight or done, per `<lng>/<group>`. */
const loaded = new Map<string, Promise<void>>();
/** The loads that are done, per `<lng>/<group>`: what a render can check without waiting. */
const done = new Set<string>();
const antdLocales = new Map<Language, Locale | undefined>();
/** The groups the page needs: every language shown loads these. The login page needs `login` only. */
const wanted = new Set<TextGroup>(['login']);

async function filesOf(lng: Language, group: TextGroup): Promise<[Namespace, Bundles[string]][]> {
  const prefix = `../../locales/${lng}/`;
  return Object.entries(await bundlesOf(group))
    .filter(([path]) => path.startsWith(prefix))
    .map(
      ([path, load]) =>
        [path.slice(prefix.length, -'.json'.length) as Namespace, load] as [Namespace, typeof load],
    )
    .filter(([ns]) => groupOfNamespace(ns) === group);
}

/** Loads one group of one language's texts once (antd's texts with `login`); later calls reuse the promise. */
function loadGroup(lng: Language, group: TextGroup): Promise<void> {
  const id = `${lng}/${group}`;
  let pending = loaded.get(id);
  if (!pending) {
    pending = (async () => {
      const [files, antd] = await Promise.all([
        filesOf(lng, group).then((files) =>
          Promise.all(files.map(async ([ns, load]) => [ns, (await load()).default] as const)),
        ),
        group === 'login' ? loadAntdLocale(lng) : undefined,
      ]);
      for (const [ns, texts] of files) i18n.addResourceBundle(lng, ns, texts, true, true);
      if (group === 'login') antdLocales.set(lng, antd);
      done.add(id);
    })();
    pending.catch(() => loaded.delete(id));
    loaded.set(id, pending);
  }
  return pending;
}

/** Loads the groups the page needs of one language. */
export async function loadLanguage(lng: Language): Promise<void> {
  await Promise.all([...wanted].map((g) => loadGroup(lng, g)));
}

/**
 * From now on the page needs these groups too (the signed-in app: `errors` and `app`; a screen
 * other than the monitor: `screens`): loads them for the language shown (or `lng`, before
 * i18next is initialised), and every later language change loads them as well.
 */
export async function loadTextGroups(
  groups: readonly TextGroup[],
  lng = i18n.language as Language,
): Promise<void> {
  groups.forEach((g) => wanted.add(g));
  await Promise.all(groups.map((g) => loadGroup(lng, g)));
}

/** Whether these groups of the language shown (or `lng`) have loaded: a render need not wait. */
export const textGroupsLoaded = (groups: readonly TextGroup[], lng = i18n.language as Language): boolean =>
  groups.every((g) => done.has(`${lng}/${g}`));

/** antd's texts for a loaded language; undefined means antd's built-in English. */
export const antdLocaleOf = (lng: Language): Locale | undefined => antdLocales.get(lng);

/** Shows the UI in `lng` (loading it first). `remember` stores it as the user's choice. */
export async function applyLanguage(lng: Language, remember = false): Promise<void> {
  await loadLanguage(lng);
  await i18n.changeLanguage(lng);
  setRequestLanguage(lng);
  document.documentElement.lang = languageTag(lng);
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
