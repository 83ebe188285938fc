import type { ComponentType } from 'react';
import type { Language } from '../domain/constants';
import { loadTextGroups } from '../i18n';

let shell: Promise<{ default: ComponentType }> | null = null;

/**
 * The signed-in app: its code and the texts it needs beyond the login page's, loaded once.
 * main.tsx starts it at once when a session exists, the login form when it is submitted.
 */
export function loadShell(lng?: Language): Promise<{ default: ComponentType }> {
  shell ??= Promise.all([import('./AuthenticatedApp'), loadTextGroups(['errors', 'app'], lng)]).then(([m]) => ({
    default: m.AuthenticatedApp,
  }));
  shell.catch(() => {
    shell = null;
  });
  return shell;
}
