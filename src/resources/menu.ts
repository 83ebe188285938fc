import type { RoleSubject } from '../../config/roles';
import { abilityFor, hasAnyPermission } from '../domain/ability';
import { RESOURCES, childrenOf, permissionsOfResource } from './index';
import type { ResourceDescriptor } from './types';

export interface MenuNode {
  resource: ResourceDescriptor;
  children: MenuNode[];
}

/**
 * The menu a user sees: every screen whose permissions they hold (any one suffices), inside
 * its group; groups left without a visible screen disappear. Hidden screens are opened by links.
 */
export function menuFor(user: RoleSubject | null): MenuNode[] {
  if (!user) return [];
  const ability = abilityFor(user);
  const allowed = (r: ResourceDescriptor) => {
    const needed = permissionsOfResource(r.name);
    return !needed || needed.length === 0 || hasAnyPermission(ability, needed);
  };
  const build = (entries: readonly ResourceDescriptor[]): MenuNode[] =>
    entries.flatMap((resource) => {
      if (resource.path) return allowed(resource) && !resource.hidden ? [{ resource, children: [] }] : [];
      const children = build(childrenOf(resource.name));
      return children.length > 0 ? [{ resource, children }] : [];
    });
  return build(RESOURCES.filter((r) => !r.parent));
}
