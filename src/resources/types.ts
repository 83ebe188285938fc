import type { ComponentType, LazyExoticComponent } from 'react';
import type { Permission } from '../../config/roles';

/** Where a descriptor's list/detail calls go; the data provider reads these. */
export interface ResourceEndpoints {
  list?: string;
  one?: string;
  create?: string;
  update?: string;
  delete?: string;
}

/**
 * One entry of the app: a menu group (no `path`) or a screen (with `path`). Routes, the menu and
 * the route guard are all derived from these descriptors.
 */
export interface ResourceDescriptor {
  /** Unique name; refine's resource name. */
  name: string;
  /** Route path of the screen; absent for a menu group. */
  path?: string;
  /** Name of the menu group the entry sits in. */
  parent?: string;
  icon?: ComponentType;
  /** Key of the entry's title in the `menu` namespace. */
  labelKey: string;
  /** Any-of: the user needs one of these. Absent: every logged-in user. Groups derive theirs. */
  permissions?: readonly Permission[];
  /** The screen; absent means the "coming soon" page until its issue builds it. */
  page?: LazyExoticComponent<ComponentType>;
  endpoints?: ResourceEndpoints;
}

/** A screen entry: labelKey defaults to the name. */
export function screen(
  name: string,
  path: string,
  permissions: readonly Permission[] | undefined,
  extra: Partial<ResourceDescriptor> = {},
): ResourceDescriptor {
  return { name, path, labelKey: name, permissions, ...extra };
}

/** A menu group entry. */
export function group(
  name: string,
  icon: ComponentType,
  extra: Partial<ResourceDescriptor> = {},
): ResourceDescriptor {
  return { name, icon, labelKey: name, ...extra };
}

/** Puts screens under a group. */
export function inGroup(parent: string, entries: ResourceDescriptor[]): ResourceDescriptor[] {
  return entries.map((e) => ({ ...e, parent }));
}
