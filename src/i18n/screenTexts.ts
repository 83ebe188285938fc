/**
 * The namespaces of the `screens` text group (src/i18n/groups.ts) of every language, as lazy
 * imports: every namespace no other group names, loaded when a screen other than the monitor is
 * shown. A module of its own so neither the login page nor the monitor carries the map of some
 * 200 loaders. The exclusions name the other groups' namespaces literally (the bundler needs
 * literals): keep them in step with groups.ts (tests/unit/i18n/textGroups.test.ts checks it).
 */
export const SCREEN_BUNDLES = import.meta.glob<{ default: Record<string, unknown> }>([
  '../../locales/*/*.json',
  '!../../locales/*/{common,login,errors,menu,monitor,alarm,order}.json',
]);
