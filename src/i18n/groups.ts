/**
 * The texts of one language come in three groups, each its own build chunk (vite.config.ts):
 *  - `login`: what the login page shows (and antd's component texts), loaded up front;
 *  - `errors`: the error texts of every code, loaded when a login is submitted or fails, and
 *    with the signed-in app;
 *  - `app`: every other namespace, loaded with the signed-in app (src/shell).
 * The login route thus carries a few kB of texts instead of the whole language (issue 18).
 */
export type TextGroup = 'login' | 'errors' | 'app';

const LOGIN_NAMESPACES: readonly string[] = ['common', 'login'];

export function groupOfNamespace(ns: string): TextGroup {
  if (LOGIN_NAMESPACES.includes(ns)) return 'login';
  return ns === 'errors' ? 'errors' : 'app';
}

/** Chunk name suffix of a group: `locale-en`, `locale-en-errors`, `locale-en-app`. */
export const groupChunkSuffix = (group: TextGroup): string => (group === 'login' ? '' : `-${group}`);
