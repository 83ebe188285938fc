import type { ComponentType, LazyExoticComponent } from 'react';
import type { Permission } from '../../config/roles';
import { ResourceScreen } from '../components/resource/lazy';
import type { EntityField } from './fieldTypes';
import type { EntityView } from './viewTypes';

// Field and view types live in their own files; importers keep importing them from here.
export type { FieldType, FieldOption, EntityField, RemoteOptions, AddressLookup } from './fieldTypes';
export type {
  EntityAction,
  ListLink,
  ListView,
  BatchView,
  ReportView,
  FormView,
  FormAction,
  ReportOptions,
  ReportChart,
  EntityView,
} from './viewTypes';

/** Where a descriptor's list/detail calls go; the data provider reads these. */
export interface ResourceEndpoints {
  list?: string;
  one?: string;
  create?: string;
  update?: string;
  delete?: string;
}

/**
 * What an entity screen is made of; the generic renderers in src/components/resource read it.
 *
 * Adding a simple entity: declare its fields here (type, label key, shared validator, enum
 * values), give a `screen(...)` an `entity` and a `view` (list columns/filters/actions, a batch
 * form, an import report or a form with its result), and add the label keys to
 * locales/<lng>/<namespace>.json. `screen` then routes it to the generic page; no page code.
 */
export interface EntityDescriptor {
  /** i18n namespace of the labels. */
  namespace:
    | 'device'
    | 'agent'
    | 'count'
    | 'alarm'
    | 'notify'
    | 'area'
    | 'command'
    | 'pay'
    | 'order'
    | 'qc'
    | 'devlog'
    | 'ota'
    | 'stock'
    | 'transfer'
    | 'factory'
    | 'system'
    | 'api';
  /** CASL subject of its permissions (`device:…`, `agent:…`). */
  subject: 'device' | 'agent' | 'count' | 'alarm' | 'fence' | 'card' | 'pay' | 'order' | 'test' | 'system';
  fields: Readonly<Record<string, EntityField>>;
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
  /**
   * A screen reached by links only (the renew page, from the order list and the device panel):
   * routed and guarded like any other, left out of the menu.
   */
  hidden?: boolean;
  /** The screen; absent means the "coming soon" page until its issue builds it. */
  page?: LazyExoticComponent<ComponentType>;
  endpoints?: ResourceEndpoints;
  /** A descriptor-driven screen: the entity and the view the generic renderer draws. */
  entity?: EntityDescriptor;
  view?: EntityView;
}

/**
 * A screen entry: labelKey defaults to the name. A screen with an entity view and no page of its
 * own gets the generic renderer, so a simple entity needs no page code.
 */
export function screen(
  name: string,
  path: string,
  permissions: readonly Permission[] | undefined,
  extra: Partial<ResourceDescriptor> = {},
): ResourceDescriptor {
  const page = extra.page ?? (extra.entity && extra.view ? ResourceScreen : undefined);
  return { name, path, labelKey: name, permissions, ...extra, ...(page ? { page } : {}) };
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
