/**
 * The namespaces of the `app` text group (src/i18n/groups.ts) of every language, as lazy
 * imports. Kept out of ./index.ts, which the login page loads: a map of some 270 loaders is a
 * few kB the login page does not need. The patterns name the groups' namespaces literally (the
 * bundler needs literals): keep them in step with groups.ts.
 */
export const APP_BUNDLES = import.meta.glob<{ default: Record<string, unknown> }>([
  '../../locales/*/*.json',
  '!../../locales/*/{common,login,errors}.json',
]);
