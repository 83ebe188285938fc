import { matchPath } from 'react-router';
import { SHELL_SCREENS } from '../../i18n/groups';
import { findResource } from '../../resources';

const shellPaths = (): string[] =>
  SHELL_SCREENS.map((name) => findResource(name)?.path).filter((p): p is string => Boolean(p));

/**
 * Whether the screen at `pathname` shows only texts loaded with the signed-in app (the monitor:
 * SHELL_SCREENS of src/i18n/groups.ts); every other screen waits for the `screens` texts.
 * Matched as the routes are (src/AppRoutes.tsx): case and a trailing slash do not matter.
 */
export const isShellScreen = (pathname: string): boolean =>
  shellPaths().some((path) => matchPath(path, pathname) !== null);
