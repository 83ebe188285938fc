import type { AccessControlProvider } from '@refinedev/core';
import { abilityFor, hasAnyPermission } from '../domain/ability';
import { permissionsOfResource } from '../resources';
import { getSessionUser } from './session';

/**
 * refine's `can` over the CASL ability of the logged-in user. A resource is allowed when the user
 * holds any of its permissions (a menu group: any of its children's); the admin wildcard passes all.
 * Finer actions (`edit`, `delete`, ...) name their permission in `params.permissions`.
 */
export const accessControlProvider: AccessControlProvider = {
  can: async ({ resource, params }) => {
    const user = getSessionUser();
    if (!user) return { can: false, reason: 'login' };
    const explicit = params?.permissions as readonly string[] | undefined;
    const needed = explicit ?? (resource ? permissionsOfResource(resource) : undefined);
    if (!needed || needed.length === 0) return { can: true };
    return hasAnyPermission(abilityFor(user), needed)
      ? { can: true }
      : { can: false, reason: 'noPermission' };
  },
  options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
};
