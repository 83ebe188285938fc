/**
 * The texts of one language come in four groups, each its own build chunk (vite.config.ts):
 *  - `login`: what the login page shows (and antd's component texts), loaded up front;
 *  - `errors`: the error texts of every code, loaded when a login is submitted or fails, and
 *    with the signed-in app;
 *  - `app`: what the signed-in app shows before any other screen is opened: the shell (menu,
 *    header, account dialog), the monitor with everything it opens in place (alarm bell, device
 *    panel, its renew button) and the pay pages outside the layout (result, sandbox checkout);
 *    loaded with the signed-in app (src/shell/load.ts);
 *  - `screens`: every other namespace, loaded when a screen other than the monitor is shown
 *    (src/components/TextGroupsGate.tsx, in src/components/layout/MainLayout.tsx, and around the
 *    probe page /_test in src/AppRoutes.tsx).
 * The login route thus carries a few kB of texts instead of the whole language, and the monitor
 * only the texts it shows (issue 18). tests/unit/i18n/shellNamespaces.test.ts scans the code the
 * signed-in app reaches without opening a screen and fails when it uses a namespace of `screens`.
 */
export type TextGroup = 'login' | 'errors' | 'app' | 'screens';

const LOGIN_NAMESPACES: readonly string[] = ['common', 'login'];
/** `order` is here for the panel's renew button and the pay pages. */
export const APP_NAMESPACES: readonly string[] = ['menu', 'monitor', 'alarm', 'order'];

/**
 * The screens (resource names) that show only texts of the groups loaded with the signed-in app:
 * MainLayout shows them without waiting for the `screens` group.
 */
export const SHELL_SCREENS: readonly string[] = ['home'];

export function groupOfNamespace(ns: string): TextGroup {
  if (LOGIN_NAMESPACES.includes(ns)) return 'login';
  if (ns === 'errors') return 'errors';
  return APP_NAMESPACES.includes(ns) ? 'app' : 'screens';
}

/** Chunk name suffix of a group: `locale-en`, `locale-en-errors`, `locale-en-app`, `locale-en-screens`. */
export const groupChunkSuffix = (group: TextGroup): string => (group === 'login' ? '' : `-${group}`);
