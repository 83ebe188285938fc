/**
 * The namespaces of the `app` text group (src/i18n/groups.ts) of every language, as lazy
 * imports, loaded with the signed-in app. Kept out of ./index.ts, which the login page loads.
 * The pattern names the group's namespaces literally (the bundler needs literals): keep it in
 * step with APP_NAMESPACES (tests/unit/i18n/textGroups.test.ts checks it).
 */
export const APP_BUNDLES = import.meta.glob<{ default: Record<string, unknown> }>(
  '../../locales/*/{menu,monitor,alarm,order}.json',
);
